import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { PAGES, pagePath, type PageDefinition, type PageId } from '../../../contract/pages.ts';
import type { CatalogueService } from '../../services/catalogue.service.ts';

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

const LISTED_PAGES = pages.filter(([, page]) => page.sitemap).map(([id]) => pagePath(id));

export const seoRoutes: FastifyPluginAsync<{ publicUrl: string; catalogue: CatalogueService }> = async (
  app,
  { publicUrl, catalogue },
) => {
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

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const url = (loc: string, lastmod?: Date) =>
      `  <url><loc>${publicUrl}${loc}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>\n`;
    // Written page by page as the database answers: the catalogue is never held at once.
    async function* lines() {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      let index = 0;
      for await (const page of catalogue.publishedPages(SITEMAP_PAGE)) {
        if (index === 0) yield LISTED_PAGES.map((listed) => url(listed, page[0]?.createdAt)).join('');
        yield page.map((item) => url(`/item/${index++}`, item.createdAt)).join('');
      }
      if (index === 0) yield LISTED_PAGES.map((listed) => url(listed)).join('');
      yield '</urlset>\n';
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(Readable.from(lines()));
  });
};
