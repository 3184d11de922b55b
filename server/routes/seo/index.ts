import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { itemPagePath } from '#contract/item-url.ts';
import { PAGES, pagePath, type PageDefinition, type PageId } from '#contract/pages.ts';
import type { CatalogueService } from '../../services/catalogue/catalogue.service.ts';
import { DomainError } from '../../shared/errors.ts';

const pages = Object.entries(PAGES) as [PageId, PageDefinition][];

/** Pages of one visitor or behind a sign-in, as robots.txt prefixes ('/cart/' for 'cart/:id'), each once. */
const PRIVATE_PREFIXES = [
  ...new Set(
    pages
      .filter(([, page]) => page.personal || page.access !== 'public')
      .map(([, page]) => `/${page.path.replace(/:.*$/, '')}`),
  ),
].filter((prefix, _, all) => !all.some((other) => other !== prefix && prefix.startsWith(other) && other.length > 1));

/** Items read from the database per step of the sitemap. */
const SITEMAP_PAGE = 1000;

/** The sitemap protocol's limit of addresses in one file; a larger catalogue gets an index of files. */
const SITEMAP_MAX_URLS = 50_000;

const LISTED_PAGES = pages.filter(([, page]) => page.sitemap).map(([id]) => pagePath(id));

const XML = 'application/xml; charset=utf-8';

export const seoRoutes: FastifyPluginAsync<{
  publicUrl: string;
  catalogue: CatalogueService;
  /** Items in one sitemap file; the first file also lists the store's own pages. */
  itemsPerSitemap?: number;
}> = async (app, { publicUrl, catalogue, itemsPerSitemap = SITEMAP_MAX_URLS - LISTED_PAGES.length }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          ...PRIVATE_PREFIXES.map((page) => `Disallow: ${page}`),
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${publicUrl}${loc}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>\n`;

  /** Sitemap file `n`: the store's pages in the first, then each wallpaper's own page from n × itemsPerSitemap. */
  async function* sitemapFile(n: number) {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    let index = n * itemsPerSitemap;
    // Written page by page as the database answers: the catalogue is never held at once.
    for await (const page of catalogue.publishedPages(SITEMAP_PAGE, { from: index, upTo: itemsPerSitemap })) {
      if (index === 0) yield LISTED_PAGES.map((listed) => url(listed, page[0]?.createdAt)).join('');
      index += page.length;
      yield page.map((item) => url(itemPagePath(item), item.updatedAt)).join('');
    }
    if (index === 0) yield LISTED_PAGES.map((listed) => url(listed)).join('');
    yield '</urlset>\n';
  }

  const send = (reply: FastifyReply, body: Readable | string) =>
    reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = Math.ceil((await catalogue.countPublished()) / itemsPerSitemap);
    if (files <= 1) return send(reply, Readable.from(sitemapFile(0)));
    const entries = Array.from(
      { length: files },
      (_, n) => `  <sitemap><loc>${publicUrl}/sitemaps/${n}.xml</loc></sitemap>\n`,
    );
    return send(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const n = Number(/^(\d{1,6})\.xml$/.exec(request.params.file)?.[1] ?? -1);
    const files = Math.max(1, Math.ceil((await catalogue.countPublished()) / itemsPerSitemap));
    if (n < 0 || n >= files) throw new DomainError('not-found', 'Sitemap not found');
    return send(reply, Readable.from(sitemapFile(n)));
  });
};
