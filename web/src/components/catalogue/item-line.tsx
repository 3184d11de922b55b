import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { itemPagePath } from '#contract/item-url.ts';
import { useItemFileUrl } from '../../lib/use-public-config.ts';

/**
 * A wallpaper as a line of a list (the cart, the payment summary, an order, the purchases):
 * its picture and name lead to its own page; what else the line says and offers is given.
 */
export function ItemLine({
  item,
  details,
  price,
  children,
}: {
  item: { itemId: string; name: string; thumbnail: string };
  details?: ReactNode;
  price?: string;
  /** The line's actions, after the price. */
  children?: ReactNode;
}) {
  const fileUrl = useItemFileUrl();
  const page = itemPagePath(item);
  return (
    <li className="cart-line" data-item-id={item.itemId}>
      {/* The name is the same link for the keyboard and screen readers. */}
      <Link to={page} tabIndex={-1} aria-hidden="true" className="cart-line__picture">
        <img src={fileUrl(item.itemId, item.thumbnail)} alt="" width={72} height={128} loading="lazy" />
      </Link>
      <div className="cart-line__text">
        <p className="cart-line__name">
          <Link to={page}>{item.name}</Link>
        </p>
        {details}
      </div>
      {price !== undefined && <p className="cart-line__price">{price}</p>}
      {children}
    </li>
  );
}
