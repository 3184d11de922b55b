import { RANKED_MATCHES } from '#contract/constants.ts';
import { FIRST_VIEW_TIMING, PAGE_ART, PAGES } from '#contract/pages.ts';
import { countText } from '../../../lib/count-text.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { usePagedItems } from '../../../lib/use-paged-items.ts';
import { PagedItemGrid } from '../../../components/catalogue/paged-item-grid.tsx';
import { ColourFilters, useColourFilters } from '../../../components/catalogue/colour-filters.tsx';
import { listPaths } from '../../../lib/catalogue-api.ts';

export interface CategoryConfig {
  page: 'landscape' | 'city' | 'painting';
  tag: string;
  banner: 'landscape' | 'city' | 'anime';
  heading: string;
  lead: string;
  /** /painting shows only the static items of its tag. */
  staticOnly?: boolean;
}

export const CATEGORIES: readonly CategoryConfig[] = [
  {
    page: 'landscape',
    tag: 'landscape',
    banner: 'landscape',
    heading: 'Landscape',
    lead: 'Mountain ranges, deserts and auroras at every hour of the day.',
  },
  {
    page: 'city',
    tag: 'minimalistic',
    banner: 'city',
    heading: 'Minimalistic',
    lead: 'Quiet skylines and bold geometry that keep your icons readable.',
  },
  {
    page: 'painting',
    tag: 'anime',
    banner: 'anime',
    heading: 'Anime',
    lead: 'Golden-hour clouds, cherry blossoms and starry nights.',
    staticOnly: true,
  },
];

export function CategoryPage({ category }: { category: CategoryConfig }) {
  const { meta } = PAGES[category.page];
  usePageMeta(meta.title, meta.description);
  const colours = useColourFilters();
  const query = [category.staticOnly && 'photoType=static', colours.query].filter(Boolean).join('&');
  const list = usePagedItems(listPaths.tag(category.tag, query));
  return (
    <>
      <section className="banner">
        <img
          src={PAGE_ART[category.banner].href}
          srcSet={PAGE_ART[category.banner].srcset}
          sizes={PAGE_ART[category.banner].sizes}
          width={1600}
          height={512}
          alt=""
          fetchPriority="high"
          elementtiming={FIRST_VIEW_TIMING}
        />
        <div className="banner__text">
          <h1>{category.heading}</h1>
          <p>{category.lead}</p>
        </div>
      </section>
      <section className="section" aria-label={`${category.heading} wallpapers`}>
        <h2 className="visually-hidden">All {category.heading.toLowerCase()} wallpapers</h2>
        <ColourFilters />
        <p className="section__count">
          {list.total === undefined
            ? ' '
            : countText(list.total, colours.words ? `${colours.words} wallpaper` : 'wallpaper', {
                // A colour's list counts its matches only as far as it ranks them.
                atLeast: colours.color !== undefined && list.total >= RANKED_MATCHES,
              })}
        </p>
        <PagedItemGrid
          list={list}
          label={`${category.heading} wallpapers`}
          {...(colours.words && { emptyText: `No ${colours.words} ${category.heading.toLowerCase()} wallpapers yet.` })}
        />
      </section>
    </>
  );
}
