import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import { ItemsRepository } from './items.repository.ts';
import { rowsOf } from './raw-rows.ts';

let ctx: TestContext;

/** What a store holds once every backfill is done: a clip for each live item, colours and the apps' images for each. */
const done = { media: { placeholder: '', thumbnails: [], palette: ['#808080'], darkShare: 0, blurred: 'data:,' } };
const live = buildItemRow({ itemId: '20261128_0000_s0000001', photoType: 'live', preview: 'clip.mp4', ...done });
const still = buildItemRow({ itemId: '20261128_0000_s0000002', ...done });
/** Still waiting: a live item whose clip was never made, and an item from before the colour filters. */
const noClip = buildItemRow({ itemId: '20261128_0000_s0000003', photoType: 'live', preview: '', ...done });
const noColours = buildItemRow({ itemId: '20261128_0000_s0000004', media: { ...done.media, palette: undefined } });

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([live, still, noClip, noColours]);
  await ctx.catalogue.insertCopies(
    [live.itemId, still.itemId],
    Array.from({ length: 3000 }, (_, i) => ({
      itemId: `20261127_0000_c${String(i).padStart(7, '0')}`,
      name: `Copy ${i}`,
    })),
  );
  await ctx.catalogue.refreshStatistics();
});
afterAll(() => ctx.close());

describe('the scans every server start makes for work left undone', () => {
  it('find the items still waiting without reading the whole catalogue', async () => {
    const { found, sequentialScans } = await ctx.db.transaction(async (tx) => {
      // This connection's reads of the table (some not yet reported may be from before this transaction).
      const scans = async () => {
        const [row] = rowsOf<{ seq_scan: number }>(
          await tx.execute(sql`select seq_scan from pg_stat_xact_user_tables where relname = 'items'`),
        );
        return Number(row?.seq_scan);
      };
      const before = await scans();
      const repository = new ItemsRepository(tx as unknown as Database);
      const found = {
        withoutClip: (await repository.liveWithoutPreview()).map((row) => row.itemId),
        withoutColours: (await repository.withoutColours('', 500)).map((row) => row.itemId),
        withoutAppImages: await repository.withoutAppImages('', 500),
      };
      return { found, sequentialScans: (await scans()) - before };
    });
    expect(found).toEqual({ withoutClip: [noClip.itemId], withoutColours: [noColours.itemId], withoutAppImages: [] });
    expect(sequentialScans).toBe(0);
  });
});
