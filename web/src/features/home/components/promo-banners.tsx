import { Link } from 'react-router';
import { BANNER_SIZE, BANNER_SMALL_SIZE } from '#contract/banners.ts';
import { tagPagePath } from '#contract/item-url.ts';
import { useBanners } from '../api/get-banners.ts';

/**
 * The owner's banners, each opening its tag's wallpapers; nothing while there are none. The
 * server draws them with the page, below the first screen.
 */
export function PromoBanners() {
  const { data: banners } = useBanners();
  if (!banners?.length) return null;
  return (
    <section className="section promo-banners" aria-label="Featured">
      <ul className="promo-banners__list">
        {banners.map((banner) => (
          <li key={banner.id}>
            <Link to={tagPagePath(banner.tag)} className="promo-banner">
              <img
                src={banner.imageSmall}
                srcSet={`${banner.imageSmall} ${BANNER_SMALL_SIZE.width}w, ${banner.image} ${BANNER_SIZE.width}w`}
                sizes="(min-width: 900px) 585px, 100vw"
                width={BANNER_SMALL_SIZE.width}
                height={BANNER_SMALL_SIZE.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="promo-banner__title">{banner.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
