import { describe, expect, it } from 'vitest';
import { addToCart, EMPTY_CART, parseCart, recalculate, removeFromCart } from './cart.ts';
import { buildItem } from './testing/build-item.ts';

const item = (itemId: string, price: number) => buildItem({ itemId, name: itemId, price, freeDownload: price === 0 });

describe('cart', () => {
  it('adds a new item with quantity 1 and totals it', () => {
    const { cart, added } = addToCart(EMPTY_CART, item('a', 2.8));
    expect(added).toBe(true);
    expect(cart).toEqual({
      items: [{ myItem: item('a', 2.8), quantity: 1, subtotal: 2.8 }],
      totalPrice: 2.8,
      totalCount: 1,
    });
  });

  it('adds an item only once', () => {
    const once = addToCart(EMPTY_CART, item('a', 2.8)).cart;
    const twice = addToCart(once, item('a', 2.8));
    expect(twice.added).toBe(false);
    expect(twice.cart).toBe(once);
  });

  it('recomputes subtotals and totals without float drift', () => {
    let cart = addToCart(EMPTY_CART, item('a', 0.1)).cart;
    cart = addToCart(cart, item('b', 0.2)).cart;
    expect(cart.totalPrice).toBe(0.3);
    // A cart stored by the original store may hold a quantity above 1.
    cart = recalculate(cart.items.map((entry) => (entry.myItem.itemId === 'a' ? { ...entry, quantity: 3 } : entry)));
    expect(cart.items[0]!.subtotal).toBe(0.3);
    expect(cart.totalPrice).toBe(0.5);
    expect(cart.totalCount).toBe(4);
  });

  it('removes a line, and the last one leaves the cart empty', () => {
    let cart = recalculate([
      { myItem: item('a', 1), quantity: 1 },
      { myItem: item('b', 2), quantity: 1 },
    ]);
    cart = removeFromCart(cart, 'a');
    expect(cart.items.map((e) => e.myItem.itemId)).toEqual(['b']);
    expect(removeFromCart(cart, 'b')).toEqual(EMPTY_CART);
  });

  it('reads a stored cart defensively and recomputes its totals', () => {
    expect(parseCart(null)).toEqual(EMPTY_CART);
    expect(parseCart({ items: 'x' })).toEqual(EMPTY_CART);
    const tampered = {
      items: [
        { myItem: item('a', 2.8), quantity: 2, subtotal: 0.01 },
        { myItem: {}, quantity: 1 },
      ],
      totalPrice: 0.01,
      totalCount: 9,
    };
    expect(parseCart(tampered)).toEqual({
      items: [{ myItem: item('a', 2.8), quantity: 2, subtotal: 5.6 }],
      totalPrice: 5.6,
      totalCount: 2,
    });
  });
});
