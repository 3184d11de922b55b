import { useState, type FormEvent } from 'react';
import { describeCoupon, type Coupon } from '#contract/coupons.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { notify } from '../../../lib/toast.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useCouponActions, useCoupons } from '../api/coupons.ts';
import { useAdminAction } from '../hooks/use-admin-action.ts';
import { AdminNav } from './admin-nav.tsx';
import { orderTime } from './order-status.tsx';

const EMPTY = {
  code: '',
  kind: 'percent' as Coupon['kind'],
  value: '',
  expiresOn: '',
  maxUses: '',
  perCustomer: '',
  tags: '',
};

/** A whole number typed in a field, or null when the field is empty. */
const count = (text: string) => (text.trim() ? Number(text) : null);

function NewCoupon() {
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const { create } = useCouponActions();
  const set = (patch: Partial<typeof EMPTY>) => setFields({ ...fields, ...patch });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const numbers = [fields.value, fields.maxUses, fields.perCustomer].filter((text) => text.trim());
    if (numbers.some((text) => !Number.isFinite(Number(text))))
      return setError('Type the discount and the uses as numbers, like 20 or 2.50.');
    setSaving(true);
    setError('');
    try {
      const tags = fields.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      const made = await create({
        code: fields.code,
        kind: fields.kind,
        value: Number(fields.value),
        // The last moment of the day chosen, in the owner's time zone.
        expiresAt: fields.expiresOn ? new Date(`${fields.expiresOn}T23:59:59`).toISOString() : null,
        maxUses: count(fields.maxUses),
        maxUsesPerCustomer: count(fields.perCustomer),
        itemIds: null,
        tags: tags.length ? tags : null,
      });
      notify.success(`${made.code} is ready: ${describeCoupon(made)}`);
      setFields(EMPTY);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The coupon could not be made. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form coupon-form" onSubmit={(event) => void save(event)} aria-label="New coupon">
      <h2 className="admin-order__heading">New coupon</h2>
      <label htmlFor="coupon-new-code">Code (letters, digits and dashes)</label>
      <input
        id="coupon-new-code"
        value={fields.code}
        autoCapitalize="characters"
        onChange={(e) => set({ code: e.target.value })}
        required
      />
      <label htmlFor="coupon-new-kind">Discount</label>
      <span className="coupon-form__row">
        <select
          id="coupon-new-kind"
          value={fields.kind}
          onChange={(e) => set({ kind: e.target.value as Coupon['kind'] })}
        >
          <option value="percent">Percent off</option>
          <option value="amount">Dollars off</option>
        </select>
        <input
          aria-label={fields.kind === 'percent' ? 'Percent off' : 'Dollars off'}
          inputMode="decimal"
          value={fields.value}
          onChange={(e) => set({ value: e.target.value })}
          required
        />
      </span>
      <label htmlFor="coupon-new-expiry">Last day (optional)</label>
      <input
        id="coupon-new-expiry"
        type="date"
        value={fields.expiresOn}
        onChange={(e) => set({ expiresOn: e.target.value })}
      />
      <label htmlFor="coupon-new-uses">Uses in all (optional)</label>
      <input
        id="coupon-new-uses"
        inputMode="numeric"
        value={fields.maxUses}
        onChange={(e) => set({ maxUses: e.target.value })}
      />
      <label htmlFor="coupon-new-per-customer">Uses per customer (optional)</label>
      <input
        id="coupon-new-per-customer"
        inputMode="numeric"
        value={fields.perCustomer}
        onChange={(e) => set({ perCustomer: e.target.value })}
      />
      <label htmlFor="coupon-new-tags">Only for these tags (optional, comma-separated)</label>
      <input
        id="coupon-new-tags"
        value={fields.tags}
        placeholder="anime, landscape"
        onChange={(e) => set({ tags: e.target.value })}
      />
      <p className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Making it…' : 'Make the coupon'}
      </button>
    </form>
  );
}

function CouponRow({ coupon }: { coupon: Coupon }) {
  const { setActive } = useCouponActions();
  const { busy, act } = useAdminAction();
  const expired = coupon.expiresAt !== null && new Date(coupon.expiresAt) <= new Date();
  const toggle = () =>
    act(
      () => setActive(coupon.couponId, !coupon.active),
      coupon.active ? `${coupon.code} is ended` : `${coupon.code} works again`,
    );
  return (
    <li className="admin-order__line">
      <span>
        <strong>{coupon.code}</strong> · {describeCoupon(coupon)}
        <span className="admin-order__line-state">
          {coupon.active ? (expired ? 'Expired' : 'Active') : 'Ended'} · used {coupon.uses}
          {coupon.maxUses !== null && ` of ${coupon.maxUses}`}
          {coupon.maxUsesPerCustomer !== null && ` · ${coupon.maxUsesPerCustomer} per customer`}
          {coupon.expiresAt && ` · until ${orderTime.format(new Date(coupon.expiresAt))}`}
        </span>
      </span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={busy}
        aria-label={`${coupon.active ? 'End' : 'Restart'} ${coupon.code}`}
        onClick={() => void toggle()}
      >
        {coupon.active ? 'End' : 'Restart'}
      </button>
    </li>
  );
}

function Coupons() {
  usePageMeta('Coupons');
  const { data, isPending, isError } = useCoupons();
  return (
    <section className="section admin-coupons">
      <AdminNav />
      <h1 className="page-title">Coupons</h1>
      <p className="page-lead">
        Shoppers type a code on the payment page. A use is an order paid with it; a refunded order gives its use back.
      </p>
      <div className="admin-coupons__layout">
        <div>
          {isPending ? (
            <p className="page-loading">Loading the coupons…</p>
          ) : isError ? (
            <p role="alert">The coupons could not be loaded. Please reload the page.</p>
          ) : data.length === 0 ? (
            <p className="empty-state">There is no coupon yet.</p>
          ) : (
            <ul className="admin-order__lines" aria-label="Coupons">
              {data.map((coupon) => (
                <CouponRow key={coupon.couponId} coupon={coupon} />
              ))}
            </ul>
          )}
        </div>
        <NewCoupon />
      </div>
    </section>
  );
}

export const CouponsPage = () => (
  <AdminOnly>
    <Coupons />
  </AdminOnly>
);
