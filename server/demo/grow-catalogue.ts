import { timestampId } from '#contract/ids.ts';
import type { CatalogueService } from '../services/catalogue/catalogue.service.ts';
import { planDemoCatalogue } from './seed-demo-catalogue.ts';

/** Rows the database copies per statement. */
const BATCH = 20_000;

/**
 * Adds `count` published items to a seeded catalogue, each a copy of one of its items (same
 * files, new id and name), older than every item there: a large catalogue for benchmarks and
 * tests without drawing thousands of pictures. `tags` replaces the copies' tags;
 * `colourSpread` spreads their palettes' coordinates around their originals' (CIELAB units).
 */
export async function growCatalogue(
  catalogue: CatalogueService,
  options: { count: number; tags?: string[]; colourSpread?: number; onProgress?: (added: number) => void },
): Promise<void> {
  const templates = (await catalogue.newestRows(50)).filter((row) => row.media.thumbnails.length > 0);
  if (!templates.length) throw new Error('Seed the demo catalogue first: the copies reuse its files.');
  const templateIds = templates.map((row) => row.itemId);
  const names = planDemoCatalogue(new Date()).map((plan) => plan.name);
  const start = Date.parse('2020-01-01T00:00:00Z') - options.count * 60_000;
  for (let from = 0; from < options.count; from += BATCH) {
    const copies = [];
    for (let i = from; i < Math.min(options.count, from + BATCH); i++) {
      copies.push({
        itemId: timestampId(new Date(start + i * 60_000)),
        name: `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`,
      });
    }
    await catalogue.insertCopies(templateIds, copies, options);
    options.onProgress?.(from + copies.length);
  }
  // After a bulk load, as PostgreSQL advises: searches plan on the catalogue as it now is.
  await catalogue.refreshStatistics();
}
