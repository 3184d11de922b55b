import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#contract/constants.ts';
import type { LibraryEntry } from '#contract/orders.ts';
import { buildItem } from '#contract/testing/build-item.ts';
import { cartActions } from '../../../lib/cart-store.ts';
import { paymentValue } from '../../../lib/payment-value.ts';
import { renderPage, SHOPPER, type FakeApi } from '../../../test/render-page.tsx';
import { PaymentPage } from './payment-page.tsx';

const sunset = buildItem({ itemId: '20261101_0800_aaaaaaaa', name: 'Sunset Ridge', price: 2.8 });
const harbour = buildItem({ itemId: '20261101_0900_bbbbbbbb', name: 'Harbour Lights', price: 1.5 });
const ORDER_ID = '7d1f5a9e-3c0b-4a7e-9a51-2f0c8e6b1d42';

function checkoutWith(...items: (typeof sunset)[]) {
  for (const item of items) cartActions.add(item);
  paymentValue.set(items.reduce((sum, item) => sum + item.price, 0));
}

const paid: FakeApi = {
  'POST /api/orders': { orderId: ORDER_ID, providerOrderId: 'TEST-1', id: 'TEST-1', totalPrice: 4.3, provider: 'test' },
  [`POST /api/orders/${ORDER_ID}/capture`]: {
    orderId: ORDER_ID,
    providerOrderId: 'TEST-1',
    id: 'TEST-1',
    status: 'paid',
    totalPrice: 4.3,
    currency: 'USD',
    items: [],
    refundedItemIds: [],
  },
};

describe('the payment page', () => {
  it('sends a visitor to log in first, and a shopper who did not come from the cart back to it', () => {
    checkoutWith(sunset);
    renderPage(<PaymentPage />, { path: '/payment' });
    expect(screen.getByTestId('elsewhere').textContent).toBe('/login?returnUrl=/payment');

    paymentValue.clear();
    renderPage(<PaymentPage />, { path: '/payment', user: SHOPPER });
    expect(screen.getByTestId('elsewhere').textContent).toBe('/cart/view');
  });

  it('leaves out what the shopper already owns, and orders only the rest by id (the server prices it)', async () => {
    checkoutWith(sunset, harbour);
    const owned = [{ itemId: sunset.itemId }] as LibraryEntry[];
    const { calls } = renderPage(<PaymentPage />, {
      path: '/payment',
      user: SHOPPER,
      api: { 'GET /api/library': owned, ...paid },
    });

    expect(await screen.findByText('Already yours — left out of this order')).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('$1.50');
    const pay = screen.getByRole('button', { name: 'Pay with the test wallet' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);

    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe(`/success?order=${ORDER_ID}`));
    expect(calls.find((call) => call.path === '/api/orders')!.body).toEqual({ itemIds: [harbour.itemId] });
  });

  it("shows the server's reason when a payment fails, and stays on the page", async () => {
    checkoutWith(sunset);
    renderPage(<PaymentPage />, {
      path: '/payment',
      user: SHOPPER,
      api: {
        'GET /api/library': [],
        ...paid,
        [`POST /api/orders/${ORDER_ID}/capture`]: { status: 402, body: { message: ORDER_MESSAGES.declined } },
      },
    });
    const pay = screen.getByRole('button', { name: 'Pay with the test wallet' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.declined));
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
  });

  it('prices a coupon on the server, shows its discount, and orders with its code; a free order needs no payment', async () => {
    checkoutWith(sunset, harbour);
    const ids = [sunset.itemId, harbour.itemId];
    const { calls } = renderPage(<PaymentPage />, {
      path: '/payment',
      user: SHOPPER,
      api: {
        'GET /api/library': [],
        ...paid,
        'POST /api/orders/quote': (body: unknown) =>
          (body as { coupon: string }).coupon.toUpperCase() === 'SAVE10'
            ? {
                subtotal: 4.3,
                discount: 0.43,
                total: 3.87,
                coupon: { code: 'SAVE10', description: '10% off your order' },
              }
            : { status: 400, body: { message: 'This coupon code is not valid.' } },
      },
    });
    const field = await screen.findByLabelText('Coupon code');
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon code is not valid.')).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('$4.30');

    fireEvent.change(field, { target: { value: 'save10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('payment-discount')).textContent).toBe('−$0.43');
    expect(screen.getByText('SAVE10').parentElement!.textContent).toBe('SAVE10: 10% off your order');
    expect(screen.getByTestId('payment-total').textContent).toBe('$3.87');
    const pay = screen.getByRole('button', { name: 'Pay with the test wallet' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe(`/success?order=${ORDER_ID}`));
    expect(calls.find((call) => call.path === '/api/orders')!.body).toEqual({ itemIds: ids, coupon: 'SAVE10' });

    // A coupon that makes the order free: one button completes it, no payment is asked for.
    checkoutWith(sunset, harbour);
    renderPage(<PaymentPage />, {
      path: '/payment',
      user: SHOPPER,
      api: {
        'GET /api/library': [],
        'POST /api/orders/quote': {
          subtotal: 4.3,
          discount: 4.3,
          total: 0,
          coupon: { code: 'FREEBIE', description: 'all off' },
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'freebie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Get them free' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with the test wallet' })).toBeNull();
    expect(screen.getByTestId('payment-total').textContent).toBe('$0.00');
  });
});
