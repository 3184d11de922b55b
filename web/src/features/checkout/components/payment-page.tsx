import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Quote } from '#contract/coupons.ts';
import { useNavigate } from 'react-router';
import { MESSAGES, ORDER_MESSAGES } from '#contract/constants.ts';
import { centsToDollars, dollarsToCents, formatUsd } from '#contract/money.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { ItemLine } from '../../../components/catalogue/item-line.tsx';
import { notify } from '../../../lib/toast.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useCart } from '../../../lib/cart-store.ts';
import { useUser } from '../../../lib/user-store.ts';
import { paymentValue } from '../../../lib/payment-value.ts';
import { useLibrary } from '../../../lib/purchases.ts';
import { checkoutApi } from '../api/orders.ts';
import { TestWalletButton } from './test-wallet-button.tsx';
import { CouponField } from './coupon-field.tsx';
import { sendToLogin } from '../../../lib/login-first.ts';

const PayPalCheckout = lazy(() => import('./paypal-checkout.tsx'));

export function PaymentPage() {
  usePageMeta('Payment');
  const user = useUser();
  const cart = useCart();
  const navigate = useNavigate();
  const { payment } = usePublicConfig();
  const library = useLibrary();
  const { pending: paying, error, setError, submitWith } = useFormSubmit('The payment failed.');
  // Our id of the order being paid: PayPal's buttons hand back only the provider's.
  const orderId = useRef<string>(undefined);
  const value = paymentValue.get();
  // The server's price with a coupon, for the items it priced; without one the page adds up the
  // cart as the original store did.
  const [quoted, setQuoted] = useState<{ for: string; quote: Quote }>();

  // Checkout needs a logged-in user and the total that CHECKOUT stored.
  useEffect(() => {
    if (!user) sendToLogin(navigate, '/payment', { replace: true });
    else if (value === undefined) {
      notify.info(MESSAGES.paymentError);
      navigate('/cart/view', { replace: true });
    }
  }, [user, value, navigate]);
  if (!user || value === undefined) return null;

  const owned = new Set((library.data ?? []).map((entry) => entry.itemId));
  const lines = cart.items.map((entry) => entry.myItem);
  const toBuy = lines.filter((item) => !owned.has(item.itemId));
  const toBuyIds = toBuy.map((item) => item.itemId);
  const quote = quoted?.for === toBuyIds.join() ? quoted.quote : undefined;
  const total = quote?.total ?? centsToDollars(toBuy.reduce((sum, item) => sum + dollarsToCents(item.price), 0));

  const placeOrder = () => checkoutApi.createOrder(toBuyIds, quote?.coupon?.code);
  const finish = async (orderRef: string) => {
    const result = await checkoutApi.capture(orderRef);
    navigate(`/success?order=${encodeURIComponent(result.orderId)}`, {
      state: { order: result, transactionId: result.transactionId, paymentData: result.paymentData },
    });
  };
  // The test wallet, and an order its coupon makes free, need no approval: order, then capture.
  const payWithoutApproval = submitWith(async () => finish((await placeOrder()).orderId));

  return (
    <section className="section payment-page">
      <h1 className="page-title">Payment</h1>
      <div className="cart-page__layout">
        <div>
          <h2 className="section__title">Order summary</h2>
          <ul className="cart-lines" aria-label="Order summary">
            {lines.map((item) => (
              <ItemLine
                key={item.itemId}
                item={item}
                details={
                  owned.has(item.itemId) && <p className="cart-line__owned">Already yours — left out of this order</p>
                }
                price={owned.has(item.itemId) ? '—' : formatUsd(item.price)}
              />
            ))}
          </ul>
          <p className="payment-page__note">
            This is a digital product: nothing is shipped. Your download links appear on the next page and are sent to
            you by email.
          </p>
          <p className="payment-page__note">
            <strong>Satisfaction guarantee:</strong> if a wallpaper does not look right on your phone, write to us
            within 14 days and we will refund it.
          </p>
        </div>
        <aside className="cart-summary" aria-label="Payment">
          {toBuy.length > 0 && payment.provider !== 'none' && (
            <CouponField
              itemIds={toBuyIds}
              quote={quote}
              onQuote={(next) => setQuoted(next && { for: toBuyIds.join(), quote: next })}
            />
          )}
          <dl>
            {quote?.coupon && (
              <div>
                <dt>Discount</dt>
                <dd data-testid="payment-discount">−{formatUsd(quote.discount)}</dd>
              </div>
            )}
            <div className="cart-summary__total">
              <dt>Total (USD)</dt>
              <dd data-testid="payment-total">{formatUsd(total)}</dd>
            </div>
          </dl>
          <p className="form__error" role="alert">
            {error}
          </p>
          {toBuy.length === 0 ? (
            <p>There is nothing left to pay for. Your wallpapers are on your account page.</p>
          ) : payment.provider === 'none' ? (
            <p role="alert">{ORDER_MESSAGES.paymentsClosed}</p>
          ) : quote?.total === 0 ? (
            <button
              type="button"
              className="button button--wide"
              disabled={paying || library.isPending}
              onClick={() => void payWithoutApproval()}
            >
              {paying ? 'Completing…' : 'Get them free'}
            </button>
          ) : payment.provider === 'paypal' ? (
            <Suspense fallback={<p className="page-loading">Loading PayPal…</p>}>
              <PayPalCheckout
                clientId={payment.paypalClientId}
                createOrder={async () => {
                  const created = await placeOrder();
                  orderId.current = created.orderId;
                  return created.providerOrderId;
                }}
                onApproved={(providerOrderId) => finish(orderId.current ?? providerOrderId)}
                onError={setError}
                disabled={library.isPending}
              />
            </Suspense>
          ) : (
            <TestWalletButton onPay={() => void payWithoutApproval()} paying={paying} disabled={library.isPending} />
          )}
        </aside>
      </div>
    </section>
  );
}
