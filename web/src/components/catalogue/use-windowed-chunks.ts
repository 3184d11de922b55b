import { useEffect, useState, type RefObject } from 'react';

/**
 * Cards that enter and leave the page together: a multiple of every column count of the grid
 * (2, 3 and 4), so each chunk starts a row and a spacer in its place keeps the rows below put.
 */
export const CHUNK_SIZE = 24;

/** Chunks farther than this many screen heights above or below the view are swapped for spacers. */
const KEPT_SCREENS = 1.5;

const NONE: ReadonlyMap<number, number> = new Map();

/**
 * Keeps the DOM of a long grid bounded: the chunks of cards far from the view are replaced by a
 * spacer of their height. Each child of the list carries its chunk in `data-chunk`. Answers the
 * hidden chunks with their heights; none on the server and in the first render in the browser,
 * so hydration sees the server's markup.
 */
export function useWindowedChunks(list: RefObject<HTMLElement | null>, count: number): ReadonlyMap<number, number> {
  const [hidden, setHidden] = useState(NONE);
  const chunks = Math.ceil(count / CHUNK_SIZE);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bounds = new Map<number, { top: number; bottom: number }>();
      for (const child of element.children) {
        const chunk = Number((child as HTMLElement).dataset.chunk);
        const rect = child.getBoundingClientRect();
        const known = bounds.get(chunk);
        bounds.set(chunk, {
          top: Math.min(known?.top ?? rect.top, rect.top),
          bottom: Math.max(known?.bottom ?? rect.bottom, rect.bottom),
        });
      }
      const margin = window.innerHeight * KEPT_SCREENS;
      const far = new Map<number, number>();
      for (const [chunk, { top, bottom }] of bounds) {
        if (bottom < -margin || top > window.innerHeight + margin) far.set(chunk, bottom - top);
      }
      setHidden((current) =>
        far.size === current.size && [...far.keys()].every((chunk) => current.has(chunk)) ? current : far,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [list, chunks]);

  return hidden;
}
