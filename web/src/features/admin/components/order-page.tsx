import { Link, useParams } from 'react-router';
import type { AdminOrder, AdminOrderLine } from '#contract/admin-orders.ts';
import { formatUsd } from '#contract/money.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useAdminOrder } from '../api/get-admin-orders.ts';
import { useOrderActions } from '../api/order-actions.ts';
import { useAdminAction } from '../hooks/use-admin-action.ts';
import { AdminNav } from './admin-nav.tsx';
import { OrderStatus, orderTime } from './order-status.tsx';

const LINE_STATE: Record<AdminOrderLine['state'], string> = {
  held: 'Downloads open',
  refunding: 'Being refunded…',
  refunded: 'Refunded',
  'not-granted': 'Already owned (price refunded)',
};
const EMAIL_KIND = { 'order-email': 'Order email', 'refund-email': 'Refund email' } as const;
const EMAIL_STATUS = { queued: 'Waiting to be sent', running: 'Sending…', failed: 'Failed', done: 'Sent' } as const;
const when = (at: string | null) => (at ? orderTime.format(new Date(at)) : '—');

function Facts({ order }: { order: AdminOrder }) {
  const facts: [string, string | null][] = [
    ['Buyer', `${order.buyer.firstName} ${order.buyer.lastName}`.trim() + ` <${order.buyer.email}>`],
    ['Total', `${formatUsd(order.totalPrice)} ${order.currency}`],
    ['Coupon', order.coupon && `${order.coupon} (${formatUsd(order.discount)} off)`],
    ['Placed', when(order.createdAt)],
    ['Paid', when(order.paidAt)],
    ['Transaction id', order.transactionId],
    ['Our order id', order.orderId],
    [order.provider === 'paypal' ? 'PayPal order id' : 'Test wallet order', order.providerOrderId],
    ['Capture id', order.captureId],
    ['Why it failed', order.failureReason],
  ];
  return (
    <dl className="admin-order__facts">
      {facts
        .filter(([, value]) => value)
        .map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Order({ orderId }: { orderId: string }) {
  const { data: order, isPending, isError } = useAdminOrder(orderId);
  const actions = useOrderActions(orderId);
  const { busy, act: run } = useAdminAction();
  usePageMeta(order?.transactionId ? `Order ${order.transactionId}` : 'Order');

  const act = async (question: string, work: () => Promise<void>, done: string) => {
    if (confirm(question)) await run(work, done);
  };

  if (isPending) return <p className="page-loading">Loading the order…</p>;
  if (isError) return <p role="alert">This order could not be loaded. It may not exist; go back to the orders.</p>;

  const refundable = order.status === 'paid' ? order.lines.filter((line) => line.state === 'held') : [];
  const refundLine = (line: AdminOrderLine) =>
    act(
      `Refund ${line.name} (${formatUsd(line.price)}) to ${order.buyer.email}? Its download links stop working and the buyer is emailed.`,
      () => actions.refund([line.itemId]),
      `The refund of ${line.name} is on its way`,
    );
  const refundAll = () => {
    const total = refundable.reduce((sum, line) => sum + line.price, 0);
    return act(
      `Refund ${formatUsd(total)} for every wallpaper of this order to ${order.buyer.email}? Their download links stop working and the buyer is emailed.`,
      () => actions.refund(),
      'The refund of the order is on its way',
    );
  };
  const emailAgain = () =>
    act(
      `Send the order email with fresh download links to ${order.buyer.email} again?`,
      () => actions.emailAgain(crypto.randomUUID()),
      'The order email is on its way',
    );

  return (
    <>
      <h1 className="page-title admin-order__title">
        Order <span className="admin-order__title-id">{order.transactionId ?? order.orderId}</span>{' '}
        <OrderStatus status={order.status} />
      </h1>
      <Facts order={order} />

      <h2 className="admin-order__heading">Wallpapers</h2>
      <ul className="admin-order__lines" aria-busy={busy}>
        {order.lines.map((line) => (
          <li key={line.itemId} className="admin-order__line">
            <span>
              <strong>{line.name}</strong>
              {line.bundle && ` in the bundle “${line.bundle}”`} · {formatUsd(line.price)}
              <span className="admin-order__line-state">{LINE_STATE[line.state]}</span>
            </span>
            {refundable.includes(line) && (
              <button
                type="button"
                className="button button--small button--ghost"
                disabled={busy}
                aria-label={`Refund ${line.name}`}
                onClick={() => void refundLine(line)}
              >
                Refund
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="admin-order__actions">
        {refundable.length > 0 && (
          <button type="button" className="button button--small" disabled={busy} onClick={() => void refundAll()}>
            Refund the whole order
          </button>
        )}
        {order.status === 'paid' && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            onClick={() => void emailAgain()}
          >
            Send the order email again
          </button>
        )}
      </div>

      <h2 className="admin-order__heading">Refunds</h2>
      {order.refunds.length === 0 ? (
        <p className="admin-order__none">Nothing has been refunded.</p>
      ) : (
        <ul className="admin-order__events">
          {order.refunds.map((refund) => (
            <li key={refund.refundId}>
              <strong>{formatUsd(refund.amount)}</strong>{' '}
              {refund.status === 'completed'
                ? 'refunded'
                : refund.status === 'failed'
                  ? 'not refunded'
                  : 'being refunded…'}
              {refund.origin === 'provider' ? ' in PayPal' : refund.requestedBy ? ` by ${refund.requestedBy}` : ''},{' '}
              {when(refund.completedAt ?? refund.createdAt)}
              {refund.failureReason && <span className="admin-order__line-state">{refund.failureReason}</span>}
            </li>
          ))}
        </ul>
      )}

      <h2 className="admin-order__heading">Emails</h2>
      {order.emails.length === 0 ? (
        <p className="admin-order__none">No email was sent about this order.</p>
      ) : (
        <ul className="admin-order__events">
          {order.emails.map((email, index) => (
            <li key={index}>
              <strong>{EMAIL_KIND[email.kind]}</strong>: {EMAIL_STATUS[email.status]},{' '}
              {when(email.doneAt ?? email.createdAt)}
              {email.lastError && <span className="admin-order__line-state">{email.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OrderSection() {
  const { id = '' } = useParams();
  return (
    <section className="section admin-order">
      <AdminNav />
      <p className="admin-order__back">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <Order orderId={id} />
    </section>
  );
}

export const OrderPage = () => (
  <AdminOnly>
    <OrderSection />
  </AdminOnly>
);
