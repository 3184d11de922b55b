import { Link } from 'react-router';
import { itemPagePath } from '#contract/item-url.ts';
import type { Item } from '#contract/item.ts';
import { formatUsd } from '#contract/money.ts';
import { CAROUSEL_IMAGE_SIZES } from '#contract/pages.ts';
import { ItemImage } from '../../../components/catalogue/item-image.tsx';
import { useItemActions } from '../../../lib/use-item-actions.ts';

/**
 * One wallpaper large, with what it costs: the carousel's cards and the top of a wallpaper's
 * own page. `inactive` cards (the carousel's sides) take no focus: a click on them moves the
 * carousel instead.
 */
export function WallpaperCard({
  item,
  eager,
  linked = true,
  inactive = false,
}: {
  item: Item;
  eager: boolean;
  /** Its name links to its own page (the carousel's cards; the page itself names it in its heading). */
  linked?: boolean;
  inactive?: boolean;
}) {
  const actions = useItemActions();
  const focus = inactive ? -1 : undefined;
  const owned = actions.owned(item);
  return (
    <article className="carousel-card" data-item-id={item.itemId}>
      <ItemImage item={item} sizes={CAROUSEL_IMAGE_SIZES} eager={eager} />
      <div className="carousel-card__body">
        {linked && (
          <h2 className="carousel-card__name">
            <Link to={itemPagePath(item)} tabIndex={focus}>
              {item.name}
            </Link>
          </h2>
        )}
        {owned ? (
          <button type="button" className="button button--wide" tabIndex={focus} onClick={() => actions.download(item)}>
            Owned · Download
          </button>
        ) : item.freeDownload ? (
          <button type="button" className="button button--wide" tabIndex={focus} onClick={() => actions.download(item)}>
            Free Download
          </button>
        ) : (
          <button
            type="button"
            className="button button--wide"
            tabIndex={focus}
            data-adds-to-cart={item.itemId}
            onClick={() => actions.addToCart(item)}
          >
            Add to Cart {formatUsd(item.price)}
          </button>
        )}
      </div>
    </article>
  );
}
