import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Cart } from '#contract/cart.ts';
import { formatUsd } from '#contract/money.ts';
import type { OrderResult } from '#contract/orders.ts';
import { ORDER_MESSAGES } from '#contract/constants.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { cartActions } from '../../../lib/cart-store.ts';
import { paymentValue } from '../../../lib/payment-value.ts';
import { checkoutApi } from '../api/orders.ts';
import { ItemLine } from '../../../components/catalogue/item-line.tsx';
import { PurchaseDownloads } from '../../../components/purchase-downloads.tsx';
import { PhonePicker } from '../../../components/phone-picker.tsx';
import { useOrder } from '../api/orders.ts';

/** Confirms a transaction once per browser session, as the original store's success page does. */
function confirmOnce(transactionId: string) {
  const key = `transaction-confirmed:${transactionId}`;
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  checkoutApi.confirm(transactionId).catch(() => sessionStorage.removeItem(key));
}

export function SuccessPage() {
  usePageMeta('Payment successful');
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { order?: OrderResult; bundle?: boolean } | null;
  const passed = state?.order;
  // A bundle is bought apart from the cart, which stays as it was.
  const fromCart = !state?.bundle;
  const id = params.get('order') ?? passed?.orderId ?? '';
  // The navigation state is there right after paying; after a reload the server answers.
  const { data, isError } = useOrder(id, passed);
  // The cart as it was when the page opened; it is emptied once the payment is confirmed paid.
  const [purchasedCart] = useState<Cart>(() => cartActions.snapshot());

  useEffect(() => {
    if (data?.status !== 'paid' || !data.transactionId) return;
    if (fromCart) cartActions.empty();
    paymentValue.clear();
    confirmOnce(data.transactionId);
  }, [data?.status, data?.transactionId, fromCart]);

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

  return (
    <section className="section success-page">
      {data.status === 'paid' ? (
        <>
          <h1 className="page-title">Payment Successful!</h1>
          <p>
            Order {data.transactionId} · {formatUsd(data.totalPrice)}. We have also emailed you these links; they work
            for 7 days, and your account page always has fresh ones.
            {fromCart && purchasedCart.totalCount > data.items.length ? ' Items you already owned were left out.' : ''}
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
          <ItemLine
            key={item.itemId}
            item={item}
            details={<p className="cart-line__tags">{item.downloads.map((d) => d.dimensions).join(' · ')}</p>}
            price={formatUsd(item.price)}
          >
            {item.downloads.length > 0 && (
              <PurchaseDownloads itemId={item.itemId} itemName={item.name} file={async () => item.downloads[0]} />
            )}
          </ItemLine>
        ))}
      </ul>
      <Link className="button" to="/">
        DONE
      </Link>
    </section>
  );
}
