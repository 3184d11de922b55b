import type { Item } from './item.ts';
import { centsToDollars, dollarsToCents } from './money.ts';

/** The original store's cart, kept in the browser under 'cart'; a display of intent, never a price list. */
export interface CartEntry {
  myItem: Item;
  quantity: number;
  subtotal: number;
}

export interface Cart {
  items: CartEntry[];
  totalPrice: number;
  totalCount: number;
}

export const EMPTY_CART: Cart = { items: [], totalPrice: 0, totalCount: 0 };

/** Recomputes every subtotal and the totals, in cents so no float drift creeps in. */
export function recalculate(entries: readonly { myItem: Item; quantity: number }[]): Cart {
  let totalCents = 0;
  let totalCount = 0;
  const items = entries.map(({ myItem, quantity }) => {
    const cents = dollarsToCents(myItem.price) * quantity;
    totalCents += cents;
    totalCount += quantity;
    return { myItem, quantity, subtotal: centsToDollars(cents) };
  });
  return { items, totalPrice: centsToDollars(totalCents), totalCount };
}

/** Adds an item with quantity 1; an item already in the cart is not added again. */
export function addToCart(cart: Cart, item: Item): { cart: Cart; added: boolean } {
  if (cart.items.some((entry) => entry.myItem.itemId === item.itemId)) return { cart, added: false };
  return { cart: recalculate([...cart.items, { myItem: item, quantity: 1 }]), added: true };
}

export function removeFromCart(cart: Cart, itemId: string): Cart {
  return recalculate(cart.items.filter((entry) => entry.myItem.itemId !== itemId));
}

/** Reads a stored cart defensively: anything malformed counts as empty, and totals are recomputed. */
export function parseCart(raw: unknown): Cart {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as Cart).items)) return EMPTY_CART;
  const entries = (raw as Cart).items.filter(
    (entry): entry is CartEntry =>
      typeof entry?.myItem?.itemId === 'string' &&
      typeof entry.myItem.price === 'number' &&
      Number.isInteger(entry.quantity) &&
      entry.quantity >= 1,
  );
  return recalculate(entries);
}
