import { Link } from 'react-router';
import { FIRST_VIEW_TIMING, PAGE_ART, PAGES } from '#contract/pages.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdSlot } from '../../../components/ad-slot.tsx';
import { useNewestItems } from '../../../lib/catalogue-api.ts';
import { ItemGrid } from '../../../components/catalogue/item-grid.tsx';
import { GuideSteps, type GuideStep } from '../../../components/guide-steps.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { PromoBanners } from './promo-banners.tsx';
import { BundleShelf } from '../../../components/catalogue/bundle-shelf.tsx';
import { ThemeTiles } from './theme-tiles.tsx';

/** The original store's six steps for saving a free wallpaper to an iPhone photo library. */
const DOWNLOAD_STEPS: readonly GuideStep[] = [
  { text: 'Tap the Free button or the download icon under the wallpaper you like.', screen: 'grid-free' },
  { text: "Click Download in the pop-up, or 'Download it Again' if no pop-up appears.", screen: 'popup-download' },
  { text: "Open the browser's Downloads page from the address bar.", screen: 'address-downloads' },
  { text: 'Open the downloaded file.', screen: 'file-list' },
  { text: 'Tap the function button under the picture.', screen: 'image-toolbar' },
  { text: "Choose 'Save Image'.", screen: 'sheet-save-image' },
];

export function HomePage() {
  const meta = PAGES.home.meta;
  usePageMeta(meta.title, meta.description);
  const { data: items, isPending } = useNewestItems();

  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">Static &amp; live wallpapers, cut to fit your phone</p>
            <h1 className="hero__title">Personalize Your Smartphone With Wallpapers</h1>
            <p className="hero__lead">
              Hand-picked anime, landscape and minimalistic designs. Many are free; the rest cost less than a coffee.
            </p>
            <div className="hero__actions">
              <a className="button" href="#newest-title">
                See what&apos;s new
              </a>
              <Link className="button button--ghost" to="/help">
                How to set a wallpaper
              </Link>
            </div>
          </div>
          <img
            className="hero__image"
            src={PAGE_ART.hero.href}
            srcSet={PAGE_ART.hero.srcset}
            sizes={PAGE_ART.hero.sizes}
            width={560}
            height={365}
            alt="Three phones showing an anime sky, a mountain sunset and a night skyline"
            fetchPriority="high"
            elementtiming={FIRST_VIEW_TIMING}
          />
        </div>
      </section>

      <section className="section lazy-render intro" aria-labelledby="intro-title">
        <img
          src="/art/anime-800.webp"
          alt="Cherry blossom tree under a purple evening sky"
          width={800}
          height={256}
          loading="lazy"
          decoding="async"
        />
        <div>
          <h2 id="intro-title" className="section__title">
            Experience the Power of Pattern
          </h2>
          <p>
            Every wallpaper is drawn for a phone screen: calm where your clock sits, sharp on any display, and cut to
            your phone&apos;s exact screen when you download it.
          </p>
        </div>
      </section>

      <section className="section lazy-render" aria-label="Search and themes">
        <SearchBox />
        <ThemeTiles />
      </section>

      <PromoBanners />
      <BundleShelf />

      <section className="section lazy-render" aria-labelledby="newest-title">
        <h2 id="newest-title" className="section__title">
          New this week
        </h2>
        {/* Below the hero and the themes: no card is in the first view, so none competes with the hero image. */}
        <ItemGrid items={items} loading={isPending} label="Newest wallpapers" eagerCount={0} />
      </section>

      <div className="section lazy-render">
        <AdSlot slot="home-top" />
      </div>

      <article className="section lazy-render article" aria-labelledby="article-title">
        <h2 id="article-title" className="section__title">
          Choosing the Perfect Cellphone Wallpaper
        </h2>
        <p>
          A wallpaper is the thing you look at most on your phone, so it is worth choosing with care. A few simple
          checks make the difference between a picture that fights your screen and one that makes it feel like yours.
        </p>
        <h3>Start with the right size</h3>
        <p>
          Phone screens are tall: most are between 9:16 and 9:19.5. &lsquo;For my phone&rsquo; cuts a wallpaper to your
          screen&apos;s exact pixels around what matters in it, so nothing important is lost at the edges.
        </p>
        <h3>Leave room for the clock and your icons</h3>
        <p>
          The lock screen puts the time in the top third, and the home screen covers everything with icons. Pictures
          with a calm area at the top and soft detail elsewhere keep both readable; busy patterns behind icons make them
          hard to find.
        </p>
        <h3>Let colour set the mood</h3>
        <p>
          Warm sunsets feel energetic, blues and greens feel calm, and dark wallpapers are easy on the eyes at night. On
          phones with OLED screens, darker wallpapers also use a little less battery, because black pixels are switched
          off.
        </p>
        <h3>Static or live?</h3>
        <p>
          A live wallpaper moves when you press the lock screen: a short loop of falling petals or flickering city
          lights. It is a small joy that costs almost no battery, because it only plays when you ask it to. Static
          wallpapers work everywhere, including the home screen.
        </p>
        <h3>Change it with the seasons</h3>
        <p>
          A new wallpaper makes an old phone feel new. Pick one for the season, for a trip, or for the week — free ones
          cost you nothing to try.
        </p>
      </article>

      <div className="section lazy-render">
        <AdSlot slot="home-bottom" />
      </div>

      <section className="section lazy-render" aria-labelledby="guide-title">
        <h2 id="guide-title" className="section__title">
          How to download FREE wallpaper
        </h2>
        <GuideSteps steps={DOWNLOAD_STEPS} label="How to download a free wallpaper" />
      </section>

      <section className="section lazy-render setup" aria-labelledby="setup-title">
        <h2 id="setup-title" className="section__title">
          Set it as your wallpaper
        </h2>
        <p>
          Open the Photos app, pick the wallpaper you saved, tap the share button and choose{' '}
          <strong>Use as Wallpaper</strong>. Move and pinch to frame it, then tap <strong>Add</strong> and choose
          whether it goes on the lock screen, the home screen, or both.
        </p>
        <Link className="button" to="/help">
          The full guide, step by step
        </Link>
      </section>
    </>
  );
}
