import { useEffect, useRef } from 'react';

/**
 * Loads the next page as the visitor nears the end of a list, and offers the same as a button
 * for keyboards and for browsers without IntersectionObserver.
 */
export function LoadMore({
  shown,
  total,
  busy,
  onLoad,
}: {
  shown: number;
  total: number;
  busy: boolean;
  onLoad: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });

  useEffect(() => {
    const target = sentinel.current;
    if (!target || busy || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && load.current(), {
      rootMargin: '800px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [busy, shown]);

  return (
    <div className="load-more" ref={sentinel}>
      <p className="load-more__count">
        {shown} of {total} wallpapers
      </p>
      <button type="button" className="button" disabled={busy} onClick={onLoad}>
        {busy ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
