import { PAGES } from '../../../../../contract/pages.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useNewestItems } from '../../../lib/catalogue-api.ts';
import { ItemImage } from '../../../components/catalogue/item-image.tsx';

const FEATURES = [
  { title: '1000+ HD Wallpapers', text: 'Every wallpaper in 1440×2560, sharp on the best screens.' },
  { title: 'Daily New Designs', text: 'New anime, landscape and minimalistic designs every day.' },
  { title: 'Easy to Use', text: 'Find one you love and set it in two taps.' },
];

export function AppsPage() {
  const meta = PAGES.apps.meta;
  usePageMeta(meta.title, meta.description);
  const { appStoreUrl, storeName } = usePublicConfig();
  const { data: items } = useNewestItems();
  return (
    <section className="section apps-page">
      <div className="apps-page__intro">
        <h1 className="page-title">{storeName} for your phone</h1>
        <p className="page-lead">All our wallpapers in an app: browse, save and set them without leaving it.</p>
        <a className="button" href={appStoreUrl} rel="noopener">
          Download on the App Store
        </a>
      </div>
      <ul className="apps-page__features">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
      <h2 className="section__title">Screenshots</h2>
      <ul className="apps-page__screens" aria-label="Screenshots of the app">
        {items?.slice(0, 4).map((item) => (
          <li key={item.itemId} className="phone-frame">
            <ItemImage item={item} sizes="200px" />
          </li>
        ))}
      </ul>
    </section>
  );
}
