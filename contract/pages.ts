/**
 * The web app's pages, in one table (decision 021): the browser's router, the server's known
 * pages and 404s, the pages it renders, robots.txt and the sitemap are all read from it. Adding a
 * page is one row here plus its component in web/src/app/page-components.ts.
 */

export interface PageMeta {
  title: string;
  description: string;
  /** The page's largest image, worth fetching before the app asks for it; `type` as its `<source>` has it. */
  preload?: { href: string; srcset: string; sizes: string; type?: string };
}

export interface PageDefinition {
  /** The route as React Router writes it, without the leading slash ('' for the home page). */
  path: string;
  /** The head of the page; an item page's comes from its item. */
  meta?: PageMeta;
  /** Its first view is the same for every visitor, so the server renders it. */
  serverRendered: boolean;
  /** Listed in the sitemap. */
  sitemap: boolean;
  /** Who may open it: anyone, a signed-in user, or an administrator (the browser enforces it; the API is what protects data). */
  access: 'public' | 'user' | 'admin';
  /** Of one visitor only (a cart, a payment, a link from an email): kept from search engines. */
  personal: boolean;
}

/**
 * The widths the page art is drawn at (scripts/draw-page-art.ts): each first-view image has a
 * file close above what a 390 px phone at 3x, a 412 px phone at 1.75x and a 1440 px desktop
 * ask for (800 also serves the theme tiles).
 */
export const HERO_WIDTHS = [560, 720, 1120];
export const BANNER_WIDTHS = [412, 800, 1170, 1440, 1600];

const art = (name: string, widths: number[], sizes: string) => ({
  href: `/art/${name}-${widths[0]}.webp`,
  srcset: widths.map((w) => `/art/${name}-${w}.webp ${w}w`).join(', '),
  sizes,
});

/** The hero and banner images, shared by the pages that show them and the server that preloads them. */
export const PAGE_ART = {
  hero: art('hero', HERO_WIDTHS, '(min-width: 960px) 560px, 90vw'),
  landscape: art('landscape', BANNER_WIDTHS, '100vw'),
  city: art('city', BANNER_WIDTHS, '100vw'),
  anime: art('anime', BANNER_WIDTHS, '100vw'),
};

/** The `elementtiming` of the images a page shows first; the app starts once they are painted. */
export const FIRST_VIEW_TIMING = 'first-view';

/** The carousel's image on the item page: its `sizes`, shared with the server that preloads it. */
export const CAROUSEL_IMAGE_SIZES = '(min-width: 720px) 300px, 62vw';

const publicPage = { serverRendered: true, sitemap: true, access: 'public', personal: false } as const;
const browserPage = { serverRendered: false, sitemap: false, access: 'public', personal: true } as const;

export const PAGES = {
  home: {
    ...publicPage,
    path: '',
    meta: {
      title: 'Phone wallpapers, static and live',
      description:
        'Free and premium phone wallpapers cut to fit your phone: anime, landscape and minimalistic designs, static and live.',
      preload: PAGE_ART.hero,
    },
  },
  /** The carousel: a position in the newest-first list, which moves as wallpapers are added. */
  item: { ...publicPage, path: 'item/:index', sitemap: false },
  /** A wallpaper's own page, which never moves (itemPagePath); the sitemap lists each one. */
  wallpaper: { ...publicPage, path: 'wallpapers/:itemId/:slug?', sitemap: false },
  /** A bundle's own page (bundlePagePath): its wallpapers at one price. */
  bundle: { ...publicPage, path: 'bundles/:bundleId', sitemap: false },
  painting: {
    ...publicPage,
    path: 'painting',
    meta: {
      title: 'Anime wallpapers',
      description: 'Colourful anime-style phone wallpapers: skies, cherry blossoms and starry nights.',
      preload: PAGE_ART.anime,
    },
  },
  landscape: {
    ...publicPage,
    path: 'landscape',
    meta: {
      title: 'Landscape wallpapers',
      description: 'Mountain ranges, deserts and auroras as phone wallpapers, cut to fit your phone.',
      preload: PAGE_ART.landscape,
    },
  },
  city: {
    ...publicPage,
    path: 'city',
    meta: {
      title: 'Minimalistic wallpapers',
      description: 'Minimal city skylines and geometric phone wallpapers.',
      preload: PAGE_ART.city,
    },
  },
  new: {
    ...publicPage,
    path: 'new',
    meta: { title: 'New wallpapers', description: 'The newest phone wallpapers, full screen.' },
  },
  search: {
    ...publicPage,
    path: 'search',
    sitemap: false,
    meta: { title: 'Search wallpapers', description: 'Find phone wallpapers by name or theme.' },
  },
  help: {
    ...publicPage,
    path: 'help',
    meta: {
      title: 'Help center: set a wallpaper on iPhone',
      description: 'Nine steps to set a downloaded wallpaper on an iPhone.',
    },
  },
  policy: {
    ...publicPage,
    path: 'policy',
    meta: { title: 'Privacy policy', description: 'What the mobile app collects, why, and how to opt out.' },
  },
  apps: {
    ...publicPage,
    path: 'apps',
    meta: {
      title: 'The mobile app',
      description: 'Every wallpaper of the store on your phone: HD wallpapers, new designs, easy to use.',
    },
  },
  cart: { ...browserPage, path: 'cart/:id', meta: { title: 'Your cart', description: 'The wallpapers in your cart.' } },
  download: { ...browserPage, path: 'download/:id' },
  payment: { ...browserPage, path: 'payment' },
  success: { ...browserPage, path: 'success' },
  login: {
    ...browserPage,
    path: 'login',
    personal: false,
    meta: { title: 'Log in', description: 'Log in to buy and download wallpapers.' },
  },
  register: {
    ...browserPage,
    path: 'register',
    personal: false,
    meta: { title: 'Create an account', description: 'Create an account to buy wallpapers.' },
  },
  verify: { ...browserPage, path: 'users/:id/verify/:token' },
  account: { ...browserPage, path: 'account', access: 'user' },
  forgotPassword: { ...browserPage, path: 'forgot-password', personal: false },
  resetPassword: { ...browserPage, path: 'reset-password' },
  upload: { ...browserPage, path: 'upload', access: 'admin' },
  review: { ...browserPage, path: 'review', access: 'admin' },
  reviewEntry: { ...browserPage, path: 'review/:id', access: 'admin' },
  adminItems: { ...browserPage, path: 'admin/items', access: 'admin' },
  adminActivity: { ...browserPage, path: 'admin/activity', access: 'admin' },
  adminOrders: { ...browserPage, path: 'admin/orders', access: 'admin' },
  adminOrder: { ...browserPage, path: 'admin/orders/:id', access: 'admin' },
  adminCoupons: { ...browserPage, path: 'admin/coupons', access: 'admin' },
  adminSales: { ...browserPage, path: 'admin/sales', access: 'admin' },
  adminBanners: { ...browserPage, path: 'admin/banners', access: 'admin' },
  adminBundles: { ...browserPage, path: 'admin/bundles', access: 'admin' },
} as const satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof PAGES;

/**
 * The shape of every page parameter: a carousel position is a number; any other is an id, a
 * token or a slug, which never needs escaping. An address whose parameter has another shape is
 * no page (404), so nothing a page looks up is ever asked with it.
 */
const PARAM_SHAPES: Record<string, string> = { index: '\\d{1,7}' };
const ID_SHAPE = '[A-Za-z0-9._-]{1,200}';

const matchers = Object.entries(PAGES).map(([id, page]) => ({
  id: id as PageId,
  page: page as PageDefinition,
  pattern: new RegExp(
    `^${`/${page.path}`.replace(
      /\/:(\w+)(\?)?/g,
      (_, name: string, optional?: string) => `(?:/${PARAM_SHAPES[name] ?? ID_SHAPE})${optional ?? ''}`,
    )}$`,
  ),
}));

/** The page at an address (a trailing slash is ignored), or undefined: the not-found page, with status 404. */
export function matchPage(pathname: string): { id: PageId; page: PageDefinition } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const found = matchers.find((matcher) => matcher.pattern.test(path));
  return found && { id: found.id, page: found.page };
}

/** The path of a page without parameters, as a link ('/help'). */
export const pagePath = (id: PageId) => `/${PAGES[id].path}`;

export function pageTitle(title: string, storeName: string): string {
  return `${title} — ${storeName}`;
}
