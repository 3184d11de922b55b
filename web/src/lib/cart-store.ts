import { addToCart, parseCart, removeFromCart, type Cart } from '#contract/cart.ts';
import { STORAGE_KEYS } from './ui-constants.ts';
import type { Item } from '#contract/item.ts';
import { createLocalStore, useLocalStore } from './local-store.ts';

const cartStore = createLocalStore<Cart>(STORAGE_KEYS.cart, parseCart);

export const useCart = () => useLocalStore(cartStore);

/** Every change recomputes the totals (contract/cart.ts) and is written back at once. */
export const cartActions = {
  add(item: Item): boolean {
    const { cart, added } = addToCart(cartStore.get(), item);
    if (added) cartStore.set(cart);
    return added;
  },
  remove(itemId: string) {
    cartStore.set(removeFromCart(cartStore.get(), itemId));
  },
  /** Emptying clears the stored value altogether, as the original store does. */
  empty() {
    cartStore.clear();
  },
  snapshot: (): Cart => cartStore.get(),
};
