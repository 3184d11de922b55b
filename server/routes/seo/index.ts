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
    const items = await catalogue.newest();
    const url = (loc: string, lastmod?: string) =>
      `  <url><loc>${publicUrl}${loc}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...LISTED_PAGES.map((page) => url(page, items[0]?.createdAt)),
      ...items.map((item, index) => url(`/item/${index}`, item.createdAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
};
