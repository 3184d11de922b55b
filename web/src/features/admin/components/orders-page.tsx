import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_ORDERS_PAGE_SIZE } from '#contract/admin-orders.ts';
import { formatUsd } from '#contract/money.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { countText } from '../../../lib/count-text.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useAdminOrders } from '../api/get-admin-orders.ts';
import { AdminNav } from './admin-nav.tsx';
import { OrderStatus, orderTime } from './order-status.tsx';
import { Pager } from './pager.tsx';

function Orders() {
  usePageMeta('Orders');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = new URLSearchParams([
    ...(q ? [['q', q]] : []),
    ...(page > 1 ? [['offset', String((page - 1) * ADMIN_ORDERS_PAGE_SIZE)]] : []),
  ]).toString();
  const { data, isPending, isError, isPlaceholderData } = useAdminOrders(query);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(typed ? { q: typed } : {});
  };

  return (
    <section className="section admin-orders">
      <AdminNav />
      <h1 className="page-title">Orders</h1>
      <form className="admin-filters" role="search" onSubmit={search}>
        <label className="admin-filters__search">
          Transaction id, order id, PayPal order id or the buyer’s email
          <span className="admin-filters__search-row">
            <input name="q" type="search" defaultValue={q} key={q} autoComplete="off" />
            <button type="submit" className="button button--small">
              Find
            </button>
          </span>
        </label>
      </form>
      {isPending ? (
        <p className="page-loading">Loading the orders…</p>
      ) : isError ? (
        <p role="alert">The orders could not be loaded. Please reload the page.</p>
      ) : data.orders.length === 0 ? (
        <p className="empty-state">{q ? `No order matches “${q}”.` : 'No order has been placed yet.'}</p>
      ) : (
        <>
          <p className="section__count" role="status">
            {countText(data.total, 'order')}
          </p>
          <ul className="admin-orders__list" aria-label="Orders" aria-busy={isPlaceholderData}>
            {data.orders.map((order) => (
              <li key={order.orderId} className="admin-order-row">
                <Link to={`/admin/orders/${order.orderId}`} className="admin-order-row__link">
                  <span className="admin-order-row__main">
                    <strong>{order.email}</strong>
                    <span className="admin-order-row__id">{order.transactionId ?? order.orderId}</span>
                  </span>
                  <span className="admin-order-row__facts">
                    <OrderStatus status={order.status} />
                    <span>
                      {countText(order.itemCount, 'wallpaper')} · {formatUsd(order.totalPrice)}
                    </span>
                    <time dateTime={order.createdAt}>{orderTime.format(new Date(order.createdAt))}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(data.total / ADMIN_ORDERS_PAGE_SIZE))}
            onGo={(to) => setParams({ ...(q && { q }), page: String(to) })}
          />
        </>
      )}
    </section>
  );
}

export const OrdersPage = () => (
  <AdminOnly>
    <Orders />
  </AdminOnly>
);
