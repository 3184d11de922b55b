import { Link } from 'react-router';
import { bundlePagePath, type Bundle } from '#contract/bundles.ts';
import { formatUsd } from '#contract/money.ts';
import { ItemImage } from './item-image.tsx';

/** What a bundle saves against its wallpapers bought one by one, in whole percent. */
export const bundleSaving = (bundle: Pick<Bundle, 'price' | 'worth'>) =>
  bundle.worth > 0 ? Math.round((1 - bundle.price / bundle.worth) * 100) : 0;

/** A bundle as a card: its first wallpapers side by side, its name, size and price. */
export function BundleCard({ bundle }: { bundle: Bundle }) {
  const saving = bundleSaving(bundle);
  return (
    <article className="bundle-card">
      <div className="bundle-card__mosaic" aria-hidden="true">
        {bundle.items.slice(0, 3).map((item) => (
          <ItemImage key={item.itemId} item={item} sizes="(min-width: 720px) 110px, 28vw" />
        ))}
      </div>
      <h3 className="bundle-card__name">
        <Link to={bundlePagePath(bundle.bundleId)}>{bundle.name}</Link>
      </h3>
      <p className="bundle-card__meta">
        {bundle.items.length} wallpapers · <strong>{formatUsd(bundle.price)}</strong>
        {saving > 0 && (
          <>
            {' '}
            <s aria-label={`instead of ${formatUsd(bundle.worth)}`}>{formatUsd(bundle.worth)}</s>{' '}
            <span className="bundle-card__saving">Save {saving}%</span>
          </>
        )}
      </p>
    </article>
  );
}
