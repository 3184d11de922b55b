import { Link, useNavigate, useParams } from 'react-router';
import { sharesOf } from '#contract/bundles.ts';
import { centsToDollars, formatUsd } from '#contract/money.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { ItemGrid } from '../../../components/catalogue/item-grid.tsx';
import { sendToLogin } from '../../../lib/login-first.ts';
import { useOwned } from '../../../lib/purchases.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useUser } from '../../../lib/user-store.ts';
import { useBundle } from '../../../lib/bundles-api.ts';
import { bundleSaving } from '../../../components/catalogue/bundle-card.tsx';

/** A bundle's own page: its wallpapers, its price against theirs, and what this shopper would pay. */
export function BundlePage() {
  const { bundleId } = useParams();
  const { data: bundle, isPending, error } = useBundle(bundleId);
  const user = useUser();
  const owned = useOwned();
  const navigate = useNavigate();
  usePageMeta(bundle ? `${bundle.name}: ${bundle.items.length} wallpapers` : 'Bundle');

  if (isPending) return <section className="section bundle-page" aria-busy="true" aria-label="Loading the bundle" />;
  if (!bundle)
    return (
      <section className="section not-found">
        <h1 className="page-title">This bundle is not in the store</h1>
        <p role="alert">
          {error instanceof ApiRequestError && error.status === 404
            ? 'It may have ended, or the link is mistyped.'
            : 'It could not be loaded. Please try again.'}
        </p>
        <Link className="button" to="/">
          Home
        </Link>
      </section>
    );

  // The server prices the order the same way: each wallpaper at its share, those owned left out.
  const shares = sharesOf(bundle);
  const ownedHere = bundle.items.filter((item) => owned.has(item.itemId));
  const toPay = centsToDollars(
    shares.reduce((sum, cents, index) => sum + (owned.has(bundle.items[index]!.itemId) ? 0 : cents), 0),
  );
  const saving = bundleSaving(bundle);
  const buy = () => {
    const payment = `/payment?bundle=${bundle.bundleId}`;
    if (!user) sendToLogin(navigate, encodeURIComponent(payment));
    else void navigate(payment);
  };

  return (
    <section className="section bundle-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li aria-current="page">{bundle.name}</li>
        </ol>
      </nav>
      <div className="bundle-page__head">
        <div>
          <h1 className="page-title">{bundle.name}</h1>
          {bundle.description && <p className="bundle-page__description">{bundle.description}</p>}
        </div>
        <aside className="cart-summary bundle-page__buy" aria-label="Price">
          <p className="bundle-page__price">
            {bundle.items.length} wallpapers for <strong>{formatUsd(bundle.price)}</strong>
          </p>
          {saving > 0 && (
            <p>
              {formatUsd(bundle.worth)} bought one by one: you save {saving}%.
            </p>
          )}
          {ownedHere.length === bundle.items.length ? (
            <p role="status">
              You own every wallpaper in this bundle. <Link to="/account">Download them from your account</Link>.
            </p>
          ) : (
            <>
              {ownedHere.length > 0 && (
                <p role="status" data-testid="bundle-owned">
                  You already own {ownedHere.map((item) => item.name).join(', ')}: taken off the price, you pay{' '}
                  <strong>{formatUsd(toPay)}</strong>.
                </p>
              )}
              <button type="button" className="button button--wide" onClick={buy}>
                Buy the bundle — {formatUsd(toPay)}
              </button>
            </>
          )}
        </aside>
      </div>
      <h2 className="section__title">In this bundle</h2>
      <ItemGrid items={bundle.items} loading={false} label={`Wallpapers in ${bundle.name}`} eagerCount={2} />
    </section>
  );
}
