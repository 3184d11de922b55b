import { useBundles } from '../../lib/bundles-api.ts';
import { BundleCard } from './bundle-card.tsx';

/** The bundles for sale, on the home page; nothing while there are none. */
export function BundleShelf() {
  const { data: bundles } = useBundles();
  if (!bundles?.length) return null;
  return (
    <section className="section lazy-render" aria-labelledby="bundles-title">
      <h2 id="bundles-title" className="section__title">
        Bundles
      </h2>
      <ul className="bundle-shelf">
        {bundles.map((bundle) => (
          <li key={bundle.bundleId}>
            <BundleCard bundle={bundle} />
          </li>
        ))}
      </ul>
    </section>
  );
}
