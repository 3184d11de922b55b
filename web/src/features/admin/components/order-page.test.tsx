import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '#contract/admin-orders.ts';
import { renderPage, SHOPPER } from '../../../test/render-page.tsx';
import { OrderPage } from './order-page.tsx';

const ORDER_ID = '3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
const OWNER = { ...SHOPPER, isAdmin: true };
const order: AdminOrder = {
  orderId: ORDER_ID,
  transactionId: '20261125_2147_f1288fe5',
  providerOrderId: 'PAYPAL0000000001',
  status: 'paid',
  email: 'rae@example.com',
  totalPrice: 5.48,
  currency: 'USD',
  coupon: null,
  discount: 0,
  itemCount: 2,
  createdAt: '2026-11-25T21:47:00.000Z',
  paidAt: '2026-11-25T21:47:05.000Z',
  buyer: { email: 'rae@example.com', firstName: 'Rae', lastName: '' },
  provider: 'paypal',
  captureId: 'CAP1',
  failureReason: null,
  lines: [
    { itemId: '20261125_2016_adb225ec', name: 'Sunset Ridge', price: 3.49, discount: 0, state: 'held', bundle: null },
    {
      itemId: '20261125_1931_f94ba278',
      name: 'Golden Hour Hill',
      price: 1.99,
      discount: 0,
      state: 'held',
      bundle: null,
    },
  ],
  refunds: [],
  emails: [
    {
      kind: 'order-email',
      status: 'done',
      attempts: 1,
      lastError: null,
      createdAt: '2026-11-25T21:47:05.000Z',
      doneAt: '2026-11-25T21:47:06.000Z',
    },
  ],
};
const path = `/admin/orders/${ORDER_ID}`;
const route = '/admin/orders/:id';

afterEach(() => vi.restoreAllMocks());

describe("the owner's order page", () => {
  it("shows the order's buyer, payment, lines and emails", async () => {
    renderPage(<OrderPage />, { path, route, user: OWNER, api: { [`GET /api/admin/orders/${ORDER_ID}`]: order } });
    expect(await screen.findByText('20261125_2147_f1288fe5', { selector: '.admin-order__title-id' })).toBeTruthy();
    expect(screen.getByText('Rae <rae@example.com>')).toBeTruthy();
    expect(screen.getByText('PAYPAL0000000001')).toBeTruthy();
    expect(screen.getAllByText('Downloads open')).toHaveLength(2);
    expect(screen.getByText('Nothing has been refunded.')).toBeTruthy();
    expect(screen.getByText(/Sent,/)).toBeTruthy();
  });

  it('refunds one line only after the owner confirms, and shows the line being refunded', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const refunding: AdminOrder = {
      ...order,
      lines: [{ ...order.lines[0]!, state: 'refunding' }, order.lines[1]!],
      refunds: [
        {
          refundId: 'r-1',
          amount: 3.49,
          origin: 'owner',
          status: 'requested',
          requestedBy: 'ada@example.com',
          providerRefundId: null,
          failureReason: null,
          createdAt: '2026-11-25T21:50:00.000Z',
          completedAt: null,
        },
      ],
    };
    let current = order;
    const { calls } = renderPage(<OrderPage />, {
      path,
      route,
      user: OWNER,
      api: {
        [`GET /api/admin/orders/${ORDER_ID}`]: () => current,
        [`POST /api/admin/orders/${ORDER_ID}/refunds`]: () => ({ status: 202, body: (current = refunding) }),
      },
    });
    const refund = await screen.findByRole('button', { name: 'Refund Sunset Ridge' });
    fireEvent.click(refund);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Refund Sunset Ridge ($3.49) to rae@example.com?'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(refund);
    await screen.findByText('Being refunded…');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/admin/orders/${ORDER_ID}/refunds`, body: { itemIds: ['20261125_2016_adb225ec'] } },
    ]);
    expect(screen.queryByRole('button', { name: 'Refund Sunset Ridge' })).toBeNull();
    expect(screen.getByText(/being refunded… by ada@example.com/)).toBeTruthy();
  });

  it('says when the order cannot be loaded', async () => {
    renderPage(<OrderPage />, { path, route, user: OWNER });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/));
  });
});
