import type { AdminOrderSummary } from '#contract/admin-orders.ts';

const STATUS: Record<AdminOrderSummary['status'], string> = {
  created: 'Not paid',
  capturing: 'Being paid',
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Replaced',
  refunded: 'Refunded',
};

/** An order's state, in words. */
export function OrderStatus({ status }: { status: AdminOrderSummary['status'] }) {
  return <span className={status === 'paid' ? 'badge badge--on' : 'badge'}>{STATUS[status]}</span>;
}

export const orderTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
