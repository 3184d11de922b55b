/** The web app's pages: titles and descriptions for the browser tab, search engines and links. */

export interface PageMeta {
  title: string;
  description: string;
  /** The page's largest image, worth fetching before the app asks for it. */
  preload?: { href: string; srcset: string; sizes: string };
}

const art = (name: string, widths: [number, number], sizes: string) => ({
  href: `/art/${name}-${widths[0]}.webp`,
  srcset: widths.map((w) => `/art/${name}-${w}.webp ${w}w`).join(', '),
  sizes,
});

/** The hero and banner images, shared by the pages that show them and the server that preloads them. */
export const PAGE_ART = {
  hero: art('hero', [560, 1120], '(min-width: 960px) 560px, 90vw'),
  landscape: art('landscape', [800, 1600], '100vw'),
  city: art('city', [800, 1600], '100vw'),
  anime: art('anime', [800, 1600], '100vw'),
};

export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: 'Phone wallpapers, static and live',
    description: 'Free and premium phone wallpapers in 1440x2560: anime, landscape and minimalistic designs, static and live.',
    preload: PAGE_ART.hero,
  },
  '/painting': { title: 'Anime wallpapers', description: 'Colourful anime-style phone wallpapers: skies, cherry blossoms and starry nights.', preload: PAGE_ART.anime },
  '/landscape': { title: 'Landscape wallpapers', description: 'Mountain ranges, deserts and auroras as phone wallpapers in 1440x2560.', preload: PAGE_ART.landscape },
  '/city': { title: 'Minimalistic wallpapers', description: 'Minimal city skylines and geometric phone wallpapers.', preload: PAGE_ART.city },
  '/new': { title: 'New wallpapers', description: 'The newest phone wallpapers, full screen.' },
  '/search': { title: 'Search wallpapers', description: 'Find phone wallpapers by name or theme.' },
  '/help': { title: 'Help center: set a wallpaper on iPhone', description: 'Nine steps to set a downloaded wallpaper on an iPhone.' },
  '/policy': { title: 'Privacy policy', description: 'What the mobile app collects, why, and how to opt out.' },
  '/apps': { title: 'The mobile app', description: 'Wallpapers on your phone: 1000+ HD wallpapers, daily new designs, easy to use.' },
  '/cart/view': { title: 'Your cart', description: 'The wallpapers in your cart.' },
  '/login': { title: 'Log in', description: 'Log in to buy and download wallpapers.' },
  '/register': { title: 'Create an account', description: 'Create an account to buy wallpapers.' },
};

/** Routes of the web app; anything else is answered with the not-found page and status 404. */
const KNOWN_PAGES = [
  /^\/$/,
  /^\/item\/[^/]+$/,
  /^\/cart\/[^/]+$/,
  /^\/download\/[^/]+$/,
  /^\/users\/[^/]+\/verify\/[^/]+$/,
  /^\/review(\/[^/]+)?$/,
  /^\/(login|register|payment|success|new|city|landscape|painting|account|upload|help|policy|apps|search|forgot-password|reset-password)$/,
];

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN_PAGES.some((pattern) => pattern.test(path));
}

export function pageTitle(title: string, storeName: string): string {
  return `${title} — ${storeName}`;
}
