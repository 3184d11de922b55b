import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CAROUSEL_GO_TO_SLIDE_DELAY_MS, CAROUSEL_OFFSET_RADIUS } from '../../../lib/ui-constants.ts';
import { itemPagePath } from '#contract/item-url.ts';
import { Icon } from '../../../components/ui/icons.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useItemWindow, type ItemWindow } from '../../../lib/catalogue-api.ts';
import { ItemPanel } from './item-panel.tsx';
import { WallpaperCard } from './wallpaper-card.tsx';

/** Items are read in blocks around the current index, so moving a few cards needs no new request. */
const BLOCK = 40;
const SWIPE_MIN_PX = 40;

/**
 * The carousel (/item/{index}): the newest-first list one card at a time, moved by a swipe, the
 * arrow keys, the previous and next buttons or a click on a side card. The position moves as
 * wallpapers are added; each card names its wallpaper's own page, which does not.
 */
export function CarouselPage() {
  const { index: rawIndex = '' } = useParams();
  const index = /^\d{1,7}$/.test(rawIndex) ? Number(rawIndex) : -1;
  const offset = Math.max(0, Math.floor(index / BLOCK) * BLOCK - BLOCK);
  // The block around the index is fetched by the browser; the cards on screen come with the
  // page, and are asked for alone only while the block does not hold them.
  const holds = (window?: ItemWindow) => window?.items[index - window.offset] !== undefined;
  const block = useItemWindow(offset, BLOCK * 3, { inPage: false });
  const shown = useItemWindow(Math.max(0, index - CAROUSEL_OFFSET_RADIUS), CAROUSEL_OFFSET_RADIUS * 2 + 1, {
    enabled: !holds(block.data),
  });
  const data = [block.data, shown.data].find(holds) ?? shown.data;
  const isError = !holds(data) && shown.isError;
  const isPending = !holds(data) && (shown.isFetching || block.isFetching);
  const navigate = useNavigate();
  const touchStart = useRef<number | undefined>(undefined);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const items = data?.items ?? [];
  const at = (position: number) => items[position - (data?.offset ?? 0)];
  const current = at(index);
  usePageMeta(current ? current.name : 'Wallpapers');

  // Where the carousel is heading until the URL gets there: moves count from it, so quick presses
  // add up even before the URL (and this render) has caught up with the last one.
  const target = useRef<number>(undefined);
  useEffect(() => {
    if (target.current === index) target.current = undefined;
  }, [index]);

  // Every move waits the carousel's go-to-slide delay before the URL follows.
  const goTo = (position: number) => {
    if (!at(position)) return;
    target.current = position;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => navigate(`/item/${position}`, { replace: true }), CAROUSEL_GO_TO_SLIDE_DELAY_MS);
  };
  const move = (delta: number) => goTo((target.current ?? index) + delta);

  if (index < 0 || (!isPending && !current && !isError)) {
    return (
      <section className="section not-found">
        <h1 className="page-title">No wallpaper at this position</h1>
        <p>The carousel starts at 0 and ends with the oldest wallpaper.</p>
        <Link className="button" to="/item/0">
          Start from the newest
        </Link>{' '}
        <Link className="button button--ghost" to="/">
          Home
        </Link>
      </section>
    );
  }
  if (isError)
    return (
      <p className="empty-state" role="alert">
        The wallpapers could not be loaded. Please try again.
      </p>
    );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = undefined;
    if (start === undefined || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
    move(end < start ? 1 : -1);
  };
  // A click anywhere on a side card, its buttons included, brings it to the middle first.
  const stopClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };

  const slides = [];
  for (let o = -CAROUSEL_OFFSET_RADIUS; o <= CAROUSEL_OFFSET_RADIUS; o++) {
    const item = at(index + o);
    if (!item) continue;
    const distance = Math.abs(o);
    slides.push(
      <div
        key={item.itemId}
        className="carousel__slide"
        data-offset={o}
        style={{ '--offset': o, '--distance': distance, zIndex: 10 - distance } as CSSProperties}
        aria-hidden={o !== 0 || undefined}
        onClickCapture={
          o !== 0
            ? (event) => {
                stopClick(event);
                goTo(index + o);
              }
            : undefined
        }
      >
        <WallpaperCard item={item} eager={o === 0} inactive={o !== 0} />
      </div>,
    );
  }

  return (
    <section className="section carousel-page">
      <h1 className="visually-hidden">Wallpapers, newest first, one at a time</h1>
      <div className="carousel-stage">
        <button
          type="button"
          className="carousel__arrow carousel__arrow--previous"
          aria-label="Previous wallpaper"
          disabled={!at(index - 1)}
          onClick={() => move(-1)}
        >
          <Icon name="arrowLeft" />
        </button>
        <div
          className="carousel"
          role="region"
          aria-roledescription="carousel"
          aria-label="Wallpapers"
          aria-describedby="carousel-hint"
          tabIndex={0}
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
        >
          {isPending ? <div className="carousel__loading" aria-busy="true" /> : slides}
        </div>
        <button
          type="button"
          className="carousel__arrow carousel__arrow--next"
          aria-label="Next wallpaper"
          disabled={!at(index + 1)}
          onClick={() => move(1)}
        >
          <Icon name="arrowRight" />
        </button>
      </div>
      <p className="carousel__position" aria-live="polite">
        {current && (
          <>
            <Link to={itemPagePath(current)}>{current.name}</Link>
            {data && ` — ${index + 1} of ${data.total}, newest first`}
          </>
        )}
      </p>
      <p id="carousel-hint" className="carousel__hint">
        <span className="carousel__hint--touch">Swipe left or right for the next wallpaper.</span>
        <span className="carousel__hint--pointer">Use the arrows, the ← and → keys, or click a card at the side.</span>
      </p>
      {current && <ItemPanel item={current} />}
    </section>
  );
}
