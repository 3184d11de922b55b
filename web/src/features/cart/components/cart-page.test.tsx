import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/constants.ts';
import { buildItem } from '#contract/testing/build-item.ts';
import { cartActions } from '../../../lib/cart-store.ts';
import { paymentValue } from '../../../lib/payment-value.ts';
import { renderPage, SHOPPER } from '../../../test/render-page.tsx';
import { CartPage } from './cart-page.tsx';

const sunset = buildItem({ itemId: '20261101_0800_aaaaaaaa', name: 'Sunset Ridge', price: 2.8 });
const harbour = buildItem({ itemId: '20261101_0900_bbbbbbbb', name: 'Harbour Lights', price: 1.5 });

function fillCart() {
  cartActions.add(sunset);
  cartActions.add(harbour);
}

describe('the cart page', () => {
  it('says the cart is empty and leads back to the wallpapers', () => {
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByRole('heading', { name: MESSAGES.cartEmpty })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse wallpapers' }).getAttribute('href')).toBe('/');
  });

  it('lists each wallpaper once with the total, and a removal updates the total at once', () => {
    fillCart();
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByTestId('cart-total').textContent).toBe('$4.30');

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove Sunset Ridge' })));

    expect(screen.queryByText('Sunset Ridge')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$1.50');
  });

  it('sends a visitor to log in first and brings them back to payment; a shopper goes straight there', () => {
    fillCart();
    renderPage(<CartPage />, { path: '/cart' });
    fireEvent.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    expect(screen.getByTestId('elsewhere').textContent).toBe('/login?returnUrl=/payment');
    expect(paymentValue.get()).toBe(4.3);

    renderPage(<CartPage />, { path: '/cart', user: SHOPPER });
    fireEvent.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    expect(screen.getByTestId('elsewhere').textContent).toBe('/payment');
  });

  it('empties the cart and its stored copy together', () => {
    fillCart();
    renderPage(<CartPage />, { path: '/cart' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Empty cart' })));
    expect(screen.getByRole('heading', { name: MESSAGES.cartEmpty })).toBeTruthy();
    expect(localStorage.getItem('cart')).toBeNull();
  });
});
