import { useState, type FormEvent } from 'react';
import type { Quote } from '#contract/coupons.ts';
import type { Purchase } from '#contract/orders.ts';
import { checkoutApi } from '../api/orders.ts';

/**
 * The payment page's coupon code: the server prices the order with it (the page only shows what
 * it answers), or says why it does not apply. `onQuote` hands the priced order up, or undefined
 * when the code is removed.
 */
export function CouponField({
  purchase,
  quote,
  onQuote,
}: {
  purchase: Purchase;
  quote: Quote | undefined;
  onQuote: (quote: Quote | undefined) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Type a coupon code first.');
    setPending(true);
    setError('');
    try {
      onQuote(await checkoutApi.quote({ ...purchase, coupon: code.trim() }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The coupon could not be checked. Please try again.');
    } finally {
      setPending(false);
    }
  };

  if (quote?.coupon)
    return (
      <p className="coupon-field__applied">
        <span>
          <strong>{quote.coupon.code}</strong>: {quote.coupon.description}
        </span>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => {
            onQuote(undefined);
            setCode('');
          }}
        >
          Remove
        </button>
      </p>
    );
  return (
    <form className="coupon-field" onSubmit={(event) => void apply(event)}>
      <label htmlFor="coupon-code">Coupon code</label>
      <span className="coupon-field__row">
        <input
          id="coupon-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={Boolean(error)}
          aria-describedby="coupon-error"
        />
        <button type="submit" className="button button--small" disabled={pending}>
          {pending ? 'Checking…' : 'Apply'}
        </button>
      </span>
      <span id="coupon-error" className="form__error" aria-live="polite">
        {error}
      </span>
    </form>
  );
}
