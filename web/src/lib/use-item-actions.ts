import { useNavigate } from 'react-router';
import { MESSAGES, ORDER_MESSAGES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import type { LibraryEntry } from '#contract/orders.ts';
import { notify } from './toast.ts';
import { cartActions } from './cart-store.ts';
import { useOwned } from './purchases.ts';
import { downloadStateFor } from './download-state.ts';

/**
 * What a card's button does: take a free item, or one the user owns, to its download page;
 * put a paid one in the cart.
 */
export function useItemActions() {
  const navigate = useNavigate();
  const owned = useOwned();
  return {
    owned: (item: Item): LibraryEntry | undefined => owned.get(item.itemId),
    download(item: Item) {
      const entry = owned.get(item.itemId);
      const file = entry?.downloads[0];
      navigate(`/download/${item.itemId}`, {
        state: file ? { downloadLink: file.link, downloadName: file.name } : downloadStateFor(item),
      });
    },
    addToCart(item: Item) {
      if (owned.has(item.itemId)) notify.info(ORDER_MESSAGES.alreadyOwned);
      else if (cartActions.add(item)) navigate('/cart/view');
      else notify.info(MESSAGES.alreadyInCart);
    },
  };
}
