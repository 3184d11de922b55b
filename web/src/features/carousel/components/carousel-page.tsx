import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type TouchEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CAROUSEL_GO_TO_SLIDE_DELAY_MS, CAROUSEL_OFFSET_RADIUS } from '../../../../../contract/constants.ts';
import type { Item } from '../../../../../contract/item.ts';
import { formatUsd } from '../../../../../contract/money.ts';
import { CAROUSEL_IMAGE_SIZES } from '../../../../../contract/pages.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useItemWindow, type ItemWindow } from '../../../lib/catalogue-api.ts';
import { ItemImage } from '../../../components/catalogue/item-image.tsx';
import { useItemActions } from '../../../lib/use-item-actions.ts';
import { ItemPanel } from './item-panel.tsx';

/** Items are read in blocks around the current index, so moving a few cards needs no new request. */
const BLOCK = 40;
const SWIPE_MIN_PX = 40;

function CarouselCard({ item, active }: { item: Item; active: boolean }) {
  const actions = useItemActions();
  return (
    <article className="carousel-card" data-item-id={item.itemId}>
      <ItemImage item={item} sizes={CAROUSEL_IMAGE_SIZES} eager={active} />
      <div className="carousel-card__body">
        <h2 className="carousel-card__name">{item.name}</h2>
        {actions.owned(item) ? (
          <button type="button" className="button button--wide" onClick={() => actions.download(item)}>
            Owned · Download
          </button>
        ) : item.freeDownload ? (
          <button type="button" className="button button--wide" onClick={() => actions.download(item)}>
            Free Download
          </button>
        ) : (
          <button type="button" className="button button--wide" onClick={() => actions.addToCart(item)}>
            Add to Cart {formatUsd(item.price)}
          </button>
        )}
      </div>
    </article>
  );
}

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

  // Where the carousel is heading: moves count from there, so quick presses add up even
  // before the URL (and this render) has caught up with the last one.
  const target = useRef(index);
  useEffect(() => {
    target.current = index;
  }, [index]);

  // Every move waits the carousel's go-to-slide delay before the URL follows.
  const goTo = (position: number) => {
    if (!at(position)) return;
    target.current = position;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => navigate(`/item/${position}`, { replace: true }), CAROUSEL_GO_TO_SLIDE_DELAY_MS);
  };
  const move = (delta: number) => goTo(target.current + delta);

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
        inert={o !== 0}
        onClick={o !== 0 ? () => goTo(index + o) : undefined}
      >
        <CarouselCard item={item} active={o === 0} />
      </div>,
    );
  }

  return (
    <section className="section carousel-page">
      <h1 className="visually-hidden">Wallpapers, one at a time</h1>
      <div
        className="carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label="Wallpapers: use the arrow keys or swipe"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        {isPending ? <div className="carousel__loading" aria-busy="true" /> : slides}
      </div>
      <p className="carousel__position" aria-live="polite">
        {current ? `${current.name} · ${index + 1}` : ''}
      </p>
      {current && <ItemPanel item={current} />}
    </section>
  );
}
