import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
/** Makes a stored file look as old as a leftover of a crash two hours ago. */
const age = (key: string) =>
  fs.utimesSync(path.join(ctx.config.storageDir, 'files', ...key.split('/')), twoHoursAgo, twoHoursAgo);
const put = async (key: string, old: boolean) => {
  await ctx.storage.put(key, Buffer.from(key), { contentType: 'image/webp' });
  if (old) age(key);
};
const exists = async (key: string) => (await ctx.storage.stat(key)) !== undefined;

describe('the sweeper', () => {
  it('deletes unfinished writes, files of items that were never created, and unreferenced sources, once they are an hour old', async () => {
    const tmp = path.join(ctx.config.storageDir, 'tmp');
    fs.writeFileSync(path.join(tmp, 'killed-mid-upload'), 'half a file');
    fs.utimesSync(path.join(tmp, 'killed-mid-upload'), twoHoursAgo, twoHoursAgo);
    fs.writeFileSync(path.join(tmp, 'still-uploading'), 'a file on its way');

    const item = buildItemRow({ itemId: '20261120_0000_aaaa0001' });
    await ctx.catalogue.insert([item]);
    await put(`images/items/${item.itemId}/thumb.webp`, true);
    // A kill between an item's files and its row: thumbnails of an item that does not exist.
    await put('images/items/20261120_0000_dead0001/thumb-360.webp', true);
    await put('images/items/20261120_0000_dead0001/thumb-720.webp', true);
    await put('downloads/items/20261120_0000_dead0001/master.jpg', true);
    // An upload for an item whose form is still being filled in.
    await put('images/items/20261120_0000_new00001/thumb.webp', false);

    await ctx.waitingList.add([{ key: 'sources/kept.jpg', name: 'kept.jpg' }]);
    await put('sources/kept.jpg', true);
    await put('sources/refused.jpg', true);
    await put('sources/arriving.jpg', false);

    expect(await ctx.sweeper.sweep()).toEqual({ temporary: 1, orphanItemFiles: 3, orphanSources: 1 });
    expect(fs.readdirSync(tmp).filter((name) => !name.startsWith('health'))).toEqual(['still-uploading']);
    expect(await exists(`images/items/${item.itemId}/thumb.webp`)).toBe(true);
    expect(await exists('images/items/20261120_0000_dead0001/thumb-360.webp')).toBe(false);
    expect(await exists('downloads/items/20261120_0000_dead0001/master.jpg')).toBe(false);
    expect(await exists('images/items/20261120_0000_new00001/thumb.webp')).toBe(true);
    expect(await exists('sources/kept.jpg')).toBe(true);
    expect(await exists('sources/refused.jpg')).toBe(false);
    expect(await exists('sources/arriving.jpg')).toBe(true);
    // Nothing more to do the second time.
    expect(await ctx.sweeper.sweep()).toEqual({ temporary: 0, orphanItemFiles: 0, orphanSources: 0 });
  });
});
