interface ElementTiming extends PerformanceEntry {
  readonly element: Element | null;
}

/**
 * Resolves once every image the page marked for Element Timing (its first view: the hero, the
 * banner, the first cards; FIRST_VIEW_TIMING) inside the screen has been painted. The load event alone is not enough on a slow phone: images can
 * be loaded and still wait hundreds of milliseconds for their frame. A browser without Element
 * Timing resolves at once; an image that never paints is given up after `patienceMs`.
 */
export function firstViewPainted(patienceMs: number): Promise<void> {
  const waiting = new Set(
    [...document.querySelectorAll('img[elementtiming]')].filter(
      (image) => image.getBoundingClientRect().top < innerHeight,
    ),
  );
  if (waiting.size === 0 || !PerformanceObserver.supportedEntryTypes.includes('element')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ElementTiming[]) if (entry.element) waiting.delete(entry.element);
      if (waiting.size === 0) done();
    });
    const timer = setTimeout(done, patienceMs);
    observer.observe({ type: 'element', buffered: true });
  });
}
