import { PAGES } from '#contract/pages.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { PhoneIllustration, type PhoneScreen } from '../../../components/ui/phone-illustration.tsx';
import { useItemCount } from '../api/get-item-count.ts';

/** The claim the page may make: the original store's '1000+' once it is true, the catalogue's own count until then. */
const countClaim = (count: number) => (count >= 1000 ? '1000+' : String(count));

/** Drawings of what the app shows (not pictures of the catalogue, whose newest items may be an owner's tests). */
const SCREENS: readonly { screen: PhoneScreen; caption: string }[] = [
  { screen: 'photo-grid', caption: 'Browse by theme' },
  { screen: 'lock-screen', caption: 'See it on your lock screen' },
  { screen: 'wallpaper-pair', caption: 'Set it in two taps' },
];

export function AppsPage() {
  const meta = PAGES.apps.meta;
  usePageMeta(meta.title, meta.description);
  const { appStoreUrl, storeName } = usePublicConfig();
  const { data: count } = useItemCount();
  const features = [
    {
      title: `${count === undefined ? 'HD' : `${countClaim(count)} HD`} Wallpapers`,
      text: 'Sharp on the best screens, and cut to fit your phone exactly.',
    },
    {
      title: 'Daily New Designs',
      text: 'New anime, landscape and minimalistic designs as soon as they are published.',
    },
    { title: 'Easy to Use', text: 'Find one you love and set it in two taps.' },
  ];
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
        {features.map((feature) => (
          <li key={feature.text}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
      <h2 className="section__title">What it looks like</h2>
      <ul className="apps-page__screens" aria-label="Drawings of the app's screens">
        {SCREENS.map(({ screen, caption }) => (
          <li key={screen}>
            <figure className="apps-page__screen">
              <PhoneIllustration screen={screen} />
              <figcaption>{caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
