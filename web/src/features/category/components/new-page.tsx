import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PAGES } from '#contract/pages.ts';
import { Icon } from '../../../components/ui/icons.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { usePagedItems } from '../../../lib/use-paged-items.ts';
import { PagedItemGrid } from '../../../components/catalogue/paged-item-grid.tsx';
import { listPaths } from '../../../lib/catalogue-api.ts';

const neverChanges = () => () => {};

/** The newest wallpapers; the grid can fill the screen for a closer look. */
export function NewPage() {
  const meta = PAGES.new.meta;
  usePageMeta(meta.title, meta.description);
  const list = usePagedItems(listPaths.newest);
  const stage = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // Known only in the browser: a page rendered on the server hydrates without it, then shows it.
  const canFullscreen = useSyncExternalStore(
    neverChanges,
    () => document.fullscreenEnabled,
    () => false,
  );

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await stage.current?.requestFullscreen();
  };

  return (
    <section className="section">
      <div className="page-heading">
        <h1 className="page-title">New wallpapers</h1>
        {canFullscreen && (
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={fullscreen}
            onClick={() => void toggle()}
          >
            <Icon name={fullscreen ? 'shrink' : 'expand'} /> {fullscreen ? 'Exit full screen' : 'Full screen'}
          </button>
        )}
      </div>
      <div ref={stage} className={fullscreen ? 'fullscreen-stage fullscreen-stage--on' : 'fullscreen-stage'}>
        {fullscreen && (
          <button type="button" className="button fullscreen-stage__close" onClick={() => void toggle()}>
            <Icon name="shrink" /> Exit full screen
          </button>
        )}
        <PagedItemGrid list={list} label="Newest wallpapers" />
      </div>
    </section>
  );
}
