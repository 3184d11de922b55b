import type { FastifyPluginAsync } from 'fastify';
import { PAGE_META } from '../../../contract/pages.ts';
import type { CatalogueService } from '../../services/catalogue.service.ts';

const PRIVATE_PAGES = ['/account', '/cart/', '/payment', '/success', '/download/', '/upload', '/review', '/users/'];
const LISTED_PAGES = Object.keys(PAGE_META).filter((page) => !['/cart/view', '/login', '/register', '/search'].includes(page));

export const seoRoutes: FastifyPluginAsync<{ publicUrl: string; catalogue: CatalogueService }> = async (
  app,
  { publicUrl, catalogue },
) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(['User-agent: *', ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')),
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
