interface ElementTiming extends PerformanceEntry {
  readonly element: Element | null;
}

/**
 * Resolves once every image the page marked for Element Timing (its first view: the hero, the
 * banner, the first cards; FIRST_VIEW_TIMING) inside the screen has been painted. The load event
 * alone is not enough on a slow phone: images can be loaded and still wait hundreds of
 * milliseconds for their frame. Which marked images are on screen is asked of an
 * IntersectionObserver, answered after the browser's own layout: measuring them here would force
 * that layout inside the load event, before the first frame. A browser without Element Timing
 * resolves at once; an image that never paints is given up after `patienceMs`.
 */
export function firstViewPainted(patienceMs: number): Promise<void> {
  const marked = document.querySelectorAll('img[elementtiming]');
  if (marked.length === 0 || !PerformanceObserver.supportedEntryTypes.includes('element')) return Promise.resolve();
  return new Promise((resolve) => {
    const painted = new Set<Element>();
    /** The marked images on screen, known once the browser has laid the page out. */
    let onScreen: Element[] | undefined;
    const settle = () => {
      if (onScreen && onScreen.every((image) => painted.has(image))) done();
    };
    const timing = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ElementTiming[]) if (entry.element) painted.add(entry.element);
      settle();
    });
    const screen = new IntersectionObserver((entries) => {
      screen.disconnect();
      onScreen = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
      settle();
    });
    const timer = setTimeout(() => done(), patienceMs);
    function done() {
      timing.disconnect();
      screen.disconnect();
      clearTimeout(timer);
      resolve();
    }
    for (const image of marked) screen.observe(image);
    timing.observe({ type: 'element', buffered: true });
  });
}
