import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Cart } from '../../../../../contract/cart.ts';
import { formatUsd } from '../../../../../contract/money.ts';
import type { OrderResult, PurchasedItem } from '../../../../../contract/orders.ts';
import { ORDER_MESSAGES } from '../../../../../contract/constants.ts';
import { Icon } from '../../../components/ui/icons.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { cartActions } from '../../../lib/cart-store.ts';
import { paymentValue } from '../../../lib/payment-value.ts';
import { checkoutApi } from '../api/orders.ts';
import { useItemFileUrl } from '../../../lib/use-public-config.ts';
import { PhonePicker } from '../../../components/phone-picker.tsx';

/** Confirms a transaction once per browser session, as the spec's success page does. */
function confirmOnce(transactionId: string) {
  const key = `transaction-confirmed:${transactionId}`;
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  checkoutApi.confirm(transactionId).catch(() => sessionStorage.removeItem(key));
}

export function SuccessPage() {
  const fileUrl = useItemFileUrl();
  usePageMeta('Payment successful');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as { order?: OrderResult } | null)?.order;
  const id = params.get('order') ?? passed?.orderId ?? '';
  // The navigation state is there right after paying; after a reload the server answers.
  const { data, isError } = useQuery({
    queryKey: ['order', id],
    queryFn: () => checkoutApi.order(id),
    enabled: Boolean(id),
    initialData: passed,
    staleTime: 0,
  });
  // The cart as it was when the page opened; it is emptied once the payment is confirmed paid.
  const [purchasedCart] = useState<Cart>(() => cartActions.snapshot());

  useEffect(() => {
    if (data?.status !== 'paid' || !data.transactionId) return;
    cartActions.empty();
    paymentValue.clear();
    confirmOnce(data.transactionId);
  }, [data?.status, data?.transactionId]);

  if (!id || isError) {
    return (
      <section className="section not-found">
        <h1 className="page-title">No payment to show</h1>
        <p>Your purchases are always on your account page.</p>
        <Link className="button" to="/account">
          Your account
        </Link>
      </section>
    );
  }
  if (!data) return <p className="page-loading">Loading your order…</p>;

  const download = (item: PurchasedItem) => {
    const file = item.downloads[0];
    if (file) navigate(`/download/${item.itemId}`, { state: { downloadLink: file.link, downloadName: file.name } });
  };

  return (
    <section className="section success-page">
      {data.status === 'paid' ? (
        <>
          <h1 className="page-title">Payment Successful!</h1>
          <p>
            Order {data.transactionId} · {formatUsd(data.totalPrice)}. We have also emailed you these links; they work
            for 7 days, and your account page always has fresh ones.
            {purchasedCart.totalCount > data.items.length ? ' Items you already owned were left out.' : ''}
          </p>
        </>
      ) : data.status === 'pending' || data.status === 'capturing' ? (
        <>
          <h1 className="page-title">Payment pending</h1>
          <p role="status">{ORDER_MESSAGES.pending}</p>
        </>
      ) : (
        <>
          <h1 className="page-title">Payment not completed</h1>
          <p role="alert">
            This order was not paid, so nothing was charged for it. <Link to="/cart/view">Back to your cart</Link>
          </p>
        </>
      )}
      {data.status === 'paid' && <PhonePicker />}
      <ul className="cart-lines" aria-label="Purchased wallpapers">
        {data.items.map((item) => (
          <li key={item.itemId} className="cart-line" data-item-id={item.itemId}>
            <img src={fileUrl(item.itemId, item.thumbnail)} alt="" width={72} height={128} />
            <div className="cart-line__text">
              <p className="cart-line__name">{item.name}</p>
              <p className="cart-line__tags">{item.downloads.map((d) => d.dimensions).join(' · ')}</p>
            </div>
            <p className="cart-line__price">{formatUsd(item.price)}</p>
            {item.downloads.length > 0 && (
              <button
                type="button"
                className="button button--small"
                onClick={() => download(item)}
                aria-label={`Download ${item.name}`}
              >
                <Icon name="download" size={16} /> Download
              </button>
            )}
          </li>
        ))}
      </ul>
      <Link className="button" to="/">
        DONE
      </Link>
    </section>
  );
}
