import { Link } from 'react-router';
import { itemPagePath } from '#contract/item-url.ts';
import { formatUsd } from '#contract/money.ts';
import type { Item } from '#contract/item.ts';
import { Icon } from '../ui/icons.tsx';
import { useItemActions } from '../../lib/use-item-actions.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { ItemPreview } from './item-preview.tsx';

const CARD_SIZES = '(min-width: 1200px) 270px, (min-width: 720px) 30vw, 46vw';

export function ItemCard({ item, eager = false }: { item: Item; eager?: boolean }) {
  const actions = useItemActions();
  return (
    <article className="item-card" data-item-id={item.itemId}>
      <div className="item-card__media">
        <ItemPreview item={item} sizes={CARD_SIZES} eager={eager} />
        {item.photoType === 'live' && <span className="item-card__badge">Live</span>}
        <FavouriteButton item={item} className="item-card__heart" />
      </div>
      <div className="item-card__footer">
        <h3 className="item-card__name">
          <Link to={itemPagePath(item)}>{item.name}</Link>
        </h3>
        {actions.owned(item) ? (
          <button
            type="button"
            className="item-card__action item-card__action--owned"
            onClick={() => actions.download(item)}
            aria-label={`Owned: download ${item.name}`}
          >
            Owned <Icon name="download" size={18} />
          </button>
        ) : item.freeDownload ? (
          <button
            type="button"
            className="item-card__action item-card__action--free"
            onClick={() => actions.download(item)}
            aria-label={`Free: download ${item.name}`}
          >
            Free <Icon name="download" size={18} />
          </button>
        ) : (
          <button
            type="button"
            className="item-card__action"
            data-adds-to-cart={item.itemId}
            onClick={() => actions.addToCart(item)}
            aria-label={`${formatUsd(item.price)}: add ${item.name} to cart`}
          >
            {formatUsd(item.price)} <Icon name="cart" size={18} />
          </button>
        )}
      </div>
    </article>
  );
}
