import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Quote } from '#contract/coupons.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BUNDLE_MESSAGES, sharesOf } from '#contract/bundles.ts';
import type { Purchase } from '#contract/orders.ts';
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
import { queryKeys } from '../../../lib/query-keys.ts';
import { useBundle } from '../../../lib/bundles-api.ts';
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
  // A bundle's page sends its shopper here with the bundle instead of the cart.
  const bundleId = useSearchParams()[0].get('bundle') ?? undefined;
  const bundle = useBundle(bundleId);
  // What the shopper owns changes a bundle's price: the server says what it is.
  const bundlePrice = useQuery({
    queryKey: queryKeys.quote(`bundle:${bundleId}:${library.dataUpdatedAt}`),
    queryFn: () => checkoutApi.quote({ bundleId }),
    enabled: Boolean(user && bundle.data && library.isSuccess),
    retry: false,
  });
  // The server's price with a coupon, for the purchase it priced; without one the page adds up the
  // cart as the original store did.
  const [quoted, setQuoted] = useState<{ for: string; quote: Quote }>();

  // Checkout needs a logged-in user and the total that CHECKOUT stored, or a bundle.
  useEffect(() => {
    if (!user)
      sendToLogin(navigate, bundleId ? encodeURIComponent(`/payment?bundle=${bundleId}`) : '/payment', {
        replace: true,
      });
    else if (value === undefined && !bundleId) {
      notify.info(MESSAGES.paymentError);
      navigate('/cart/view', { replace: true });
    }
  }, [user, value, bundleId, navigate]);
  if (!user || (value === undefined && !bundleId)) return null;
  if (bundleId && !bundle.data)
    return bundle.isPending ? (
      <p className="page-loading">Loading the bundle…</p>
    ) : (
      <section className="section not-found">
        <h1 className="page-title">{BUNDLE_MESSAGES.notForSale}</h1>
        <Link className="button" to="/">
          Home
        </Link>
      </section>
    );

  const owned = new Set((library.data ?? []).map((entry) => entry.itemId));
  const lines = bundle.data ? bundle.data.items : cart.items.map((entry) => entry.myItem);
  // A bundle's wallpapers at their shares of its price, as the server charges them.
  const shares = bundle.data ? sharesOf(bundle.data) : lines.map((item) => dollarsToCents(item.price));
  const toBuy = lines.filter((item) => !owned.has(item.itemId));
  const purchase: Purchase = bundleId ? { bundleId } : { itemIds: toBuy.map((item) => item.itemId) };
  const purchaseKey = JSON.stringify(purchase);
  const quote = quoted?.for === purchaseKey ? quoted.quote : undefined;
  const total =
    quote?.total ??
    bundlePrice.data?.total ??
    centsToDollars(lines.reduce((sum, item, index) => sum + (owned.has(item.itemId) ? 0 : shares[index]!), 0));

  const placeOrder = () =>
    checkoutApi.createOrder({ ...purchase, ...(quote?.coupon && { coupon: quote.coupon.code }) });
  const finish = async (orderRef: string) => {
    const result = await checkoutApi.capture(orderRef);
    navigate(`/success?order=${encodeURIComponent(result.orderId)}`, {
      state: {
        order: result,
        transactionId: result.transactionId,
        paymentData: result.paymentData,
        bundle: Boolean(bundleId),
      },
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
            {lines.map((item, index) => (
              <ItemLine
                key={item.itemId}
                item={item}
                details={
                  owned.has(item.itemId) && (
                    <p className="cart-line__owned">
                      Already yours — {bundle.data ? 'taken off the price' : 'left out of this order'}
                    </p>
                  )
                }
                price={owned.has(item.itemId) ? '—' : formatUsd(centsToDollars(shares[index]!))}
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
              purchase={purchase}
              quote={quote}
              onQuote={(next) => setQuoted(next && { for: purchaseKey, quote: next })}
            />
          )}
          {bundle.data && <p className="payment-page__bundle">The bundle “{bundle.data.name}”</p>}
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
            {error || bundlePrice.error?.message}
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
