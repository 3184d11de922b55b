import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig } from '#contract/config.ts';
import { itemFileUrl, itemPagePath } from '#contract/item-url.ts';
import type { Item } from '#contract/item.ts';
import { BundleIdSchema, bundlePagePath, type Bundle } from '#contract/bundles.ts';
import { formatUsd } from '#contract/money.ts';
import { CAROUSEL_IMAGE_SIZES, matchPage, PAGES, pageTitle, type PageMeta } from '#contract/pages.ts';
import { sendPrepared } from '../http/send-prepared.ts';
import { IMMUTABLE_CACHE } from '../shared/constants.ts';
import { prepareAnswer, type PreparedAnswer } from '../shared/prepared-answer.ts';
import { loadPageRenderer, type RenderedPage } from './page-renderer.ts';
import type { CatalogueService } from '../services/catalogue/catalogue.service.ts';
import type { BundlesService } from '../services/catalogue/bundles.service.ts';
import type { Metrics } from '../providers/metrics/metrics.ts';
import { escapeHtml } from '#contract/text.ts';

interface PageHead extends PageMeta {
  image?: string | undefined;
  /** The address that names the page's content for good (a wallpaper's or bundle's own page), when not its own. */
  canonical?: string | undefined;
}

/**
 * The carousel's first image as its `<picture>` picks it: the AVIF thumbnails where the item has
 * them (a browser without AVIF skips a preload of that type and fetches the WebP from the page),
 * so the preloaded file is the one the page paints, fetched once.
 */
function preloadOf(item: Item, fileUrl: (file: string) => string): NonNullable<PageMeta['preload']> {
  const avif = item.thumbnails.length > 0 && item.thumbnails.every((t) => t.avif);
  return {
    href: fileUrl(avif ? item.thumbnails[0]!.avif! : item.thumbnail),
    srcset: item.thumbnails.map((t) => `${fileUrl(avif ? t.avif! : t.file)} ${t.width}w`).join(', '),
    sizes: CAROUSEL_IMAGE_SIZES,
    ...(avif && { type: 'image/avif' }),
  };
}

/**
 * Puts the app's stylesheet inside the page: a first visit then paints as soon as the HTML
 * arrives, instead of after one more round trip (the CSS is about 6 KB compressed).
 */
function inlineStylesheets(html: string, webDir: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (link, file: string) => {
    const css = path.join(webDir, file);
    return fs.existsSync(css)
      ? `<style>${fs.readFileSync(css, 'utf8').replaceAll('</style', '<\\/style')}</style>`
      : link;
  });
}

/**
 * The app's scripts wait for the page's own images: Chrome would fetch module scripts in the
 * head at high priority, ahead of the largest image, although the page paints without them.
 */
const lowerScriptPriority = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin');

/** How many pages are kept rendered and compressed; a public page depends only on its address and the catalogue. */
const PAGES_KEPT = 64;

/** JSON inside a <script type="application/json"> must not be able to close the tag. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built web app. Assets come from disk with immutable caching; every page is
 * index.html with its own title, description and Open Graph tags, and with the public config
 * inlined so the app needs no request to know the store's name. Unknown paths get the same
 * page (the app draws its not-found view) with status 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDir: string;
    publicUrl: string;
    publicConfig: PublicConfig;
    catalogue: CatalogueService;
    bundles: Pick<BundlesService, 'find'>;
    metrics: Metrics;
  },
): Promise<boolean> {
  const indexFile = path.join(options.webDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const template = lowerScriptPriority(inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), options.webDir));
  const { storeName } = options.publicConfig;
  const pageRenderer = await loadPageRenderer(app, {
    webDir: options.webDir,
    publicUrl: options.publicUrl,
    publicConfig: options.publicConfig,
  });

  // The build writes a brotli and a gzip copy beside each file (scripts/precompress.ts).
  await app.register(fastifyStatic, {
    root: options.webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) =>
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE_CACHE : 'no-cache'),
  });

  /** The head of a wallpaper's page, as the carousel's page at its position and its own page show it. */
  function itemHead(item: Item): PageHead {
    const fileUrl = (file: string) => itemFileUrl(item.itemId, file, options.publicConfig.assetBase);
    return {
      title: `${item.name} ${item.photoType === 'live' ? 'live ' : ''}wallpaper`,
      description: `${item.name}: a ${item.tags.join(', ')} phone wallpaper in ${item.downloadList[0]?.dimensions ?? '1440x2560'}, ${item.freeDownload ? 'free to download' : `$${item.price.toFixed(2)}`}.`,
      image: new URL(fileUrl(item.thumbnail), options.publicUrl).href,
      preload: preloadOf(item, fileUrl),
      canonical: itemPagePath(item),
    };
  }

  /** The head of a bundle's page: its name, what it holds and costs, and its first wallpaper's picture. */
  function bundleHead(bundle: Bundle): PageHead {
    const [first] = bundle.items;
    return {
      title: `${bundle.name}: ${bundle.items.length} wallpapers`,
      description: `${bundle.items.map((item) => item.name).join(', ')}: ${bundle.items.length} phone wallpapers for ${formatUsd(bundle.price)} together instead of ${formatUsd(bundle.worth)}.`,
      ...(first && {
        image: new URL(itemFileUrl(first.itemId, first.thumbnail, options.publicConfig.assetBase), options.publicUrl)
          .href,
      }),
      canonical: bundlePagePath(bundle.bundleId),
    };
  }

  /**
   * What a page's address says before it is rendered: its head, or, for a wallpaper, a move to
   * the address that names it now (an old or missing slug), or that it is not here (404).
   */
  async function resolvePage(
    pathname: string,
    page: ReturnType<typeof matchPage>,
  ): Promise<{ head?: PageHead; redirect?: string; missing?: boolean }> {
    if (page?.id === 'item') {
      const item = await options.catalogue.atIndex(Number(pathname.split('/')[2]));
      return item ? { head: itemHead(item) } : {};
    }
    if (page?.id === 'bundle') {
      const bundleId = BundleIdSchema.safeParse(pathname.split('/')[2]);
      const bundle = bundleId.success ? await options.bundles.find(bundleId.data) : undefined;
      return bundle ? { head: bundleHead(bundle) } : { missing: true };
    }
    if (page?.id === 'wallpaper') {
      const item = await options.catalogue.get(pathname.split('/')[2]!);
      if (!item) return { missing: true };
      const head = itemHead(item);
      return pathname === head.canonical ? { head } : { redirect: head.canonical };
    }
    return { head: page?.page.meta };
  }

  function render(pathname: string, head: PageHead, page: RenderedPage | undefined): string {
    const title = escapeHtml(pageTitle(head.title, storeName));
    const description = escapeHtml(head.description);
    const url = escapeHtml(`${options.publicUrl}${head.canonical ?? pathname}`);
    const tags = [
      `<meta property="og:site_name" content="${escapeHtml(storeName)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<link rel="canonical" href="${url}" />`,
      head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
      `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
      head.preload
        ? `<link rel="preload" as="image" href="${escapeHtml(head.preload.href)}" imagesrcset="${escapeHtml(head.preload.srcset)}" imagesizes="${escapeHtml(head.preload.sizes)}"${head.preload.type ? ` type="${head.preload.type}"` : ''} fetchpriority="high" />`
        : '',
      `<script type="application/json" id="public-config">${inlineJson(options.publicConfig)}</script>`,
      page ? `<script type="application/json" id="query-state">${inlineJson(page.queries)}</script>` : '',
    ].filter(Boolean);
    return (
      template
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
        .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
        .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`)
        // A page with answers still to fetch asks the browser to start the app once it has painted (main.tsx).
        .replace(
          '<div id="root"></div>',
          () => `<div id="root"${page && !page.complete ? ' data-incomplete' : ''}>${page?.html ?? ''}</div>`,
        )
    );
  }

  /** What an address answers: a page (200, or 404 for a wallpaper not on sale), or a move to where it is now. */
  type Outcome = { status: 200 | 404; page: PreparedAnswer } | { status: 301; location: string };

  /**
   * The outcome of `url`, the page compressed once: kept until the catalogue changes, and shared
   * by a burst of visits to a page not built yet. A page the server could not render is not kept.
   */
  const outcomes = new Map<string, Promise<Outcome>>();
  let outcomesVersion = options.catalogue.version;
  function kept(url: string, build: () => Promise<{ outcome: Outcome; rendered: boolean }>): Promise<Outcome> {
    if (options.catalogue.version !== outcomesVersion) {
      outcomes.clear();
      outcomesVersion = options.catalogue.version;
    }
    const known = outcomes.get(url);
    options.metrics.cacheLookup('pages', known !== undefined);
    if (known) return known;
    const outcome = build().then(({ outcome: built, rendered }) => {
      if (!rendered && outcomes.get(url) === outcome) outcomes.delete(url);
      return built;
    });
    if (outcomes.size >= PAGES_KEPT) outcomes.delete(outcomes.keys().next().value!);
    outcomes.set(url, outcome);
    outcome.catch(() => outcomes.get(url) === outcome && outcomes.delete(url));
    return outcome;
  }

  /** Every address without a route of its own: a page for a GET outside the API and files, a JSON 404 otherwise. */
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/images/');
    if (!wantsPage) return reply.code(404).send({ message: `Nothing at ${request.method} ${pathname}` });
    const match = matchPage(pathname);
    const build = async (): Promise<{ outcome: Outcome; rendered: boolean }> => {
      const resolved = await resolvePage(pathname, match);
      if (resolved.redirect)
        return {
          outcome: { status: 301, location: `${resolved.redirect}${request.url.slice(pathname.length)}` },
          rendered: true,
        };
      // A wallpaper that is not (or no longer) on sale is a not-found page at its own address.
      const found = match !== undefined && !resolved.missing;
      const head = resolved.head ?? {
        title: found ? storeName : 'Page not found',
        description: PAGES.home.meta.description,
      };
      // Unknown addresses are rendered too: as the not-found page.
      const serverRendered = !match || match.page.serverRendered;
      const page = serverRendered ? await pageRenderer?.render(request.url, request.log) : undefined;
      return {
        outcome: {
          status: found ? 200 : 404,
          page: prepareAnswer(Buffer.from(render(pathname, head, page))),
        },
        rendered: !serverRendered || page !== undefined,
      };
    };
    // Only the store's own pages are kept: any unknown address would otherwise push them out.
    const outcome = match ? await kept(request.url, build) : (await build()).outcome;
    reply.header('cache-control', 'no-cache');
    if (outcome.status === 301) return reply.redirect(outcome.location, 301);
    reply.code(outcome.status);
    return sendPrepared(request, reply, outcome.page, { contentType: 'text/html; charset=utf-8' });
  };
  // Pages are a route (not the not-found handler) so that compression, which hooks onto routes, applies.
  app.get('/*', answer);
  app.setNotFoundHandler(answer);
  return true;
}
