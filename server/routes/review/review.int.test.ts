import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import type { ReviewListItem } from '#contract/review.ts';
import { waitingItems } from '../../db/schema.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { multipart } from '../../test/multipart.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;

/** A test picture: a colour with a white disc; `low` moves the disc, which changes the composition. */
const source = (colour: string, width = 720, height = 1280, low = false) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${low ? width / 4 : width / 2}" cy="${low ? (height * 3) / 4 : height / 3}" r="${width / 4}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

async function addSources(files: { name: string; data: Buffer }[]) {
  const body = multipart(files);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/items/waiting',
    payload: body.payload,
    headers: { ...admin, ...body.headers },
  });
  expect(response.statusCode).toBe(201);
  return response.json<ReviewListItem[]>();
}

/** Runs the worker's steps once, as the in-process worker would. */
async function processNext() {
  const entry = await ctx.waitingList.claim(60_000);
  if (entry) await ctx.processing.process(entry);
  return entry;
}

const patch = (action: string, id: string, headers = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/items/waiting/${action}/${id}`, headers });
const list = async (filter: string) =>
  (await ctx.app.inject({ url: `/api/items/waiting/list/${filter}`, headers: admin })).json<ReviewListItem[]>();

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await createShopper(ctx, 'Admin');
  await ctx.accounts.promote(a.email);
  admin = a.headers;
});
afterAll(() => ctx.close());

describe('the waiting list', () => {
  it('is for administrators only', async () => {
    const shopper = await createShopper(ctx);
    expect((await ctx.app.inject({ url: '/api/items/waiting/list/all', headers: shopper.headers })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ url: '/api/items/waiting/list/everything', headers: admin })).statusCode).toBe(400);
  });

  it('goes queued → in_process → done with a draft, then reviewed publishes it', async () => {
    const [entry] = await addSources([{ name: 'violet-dusk.jpg', data: await source('#4b3bd6', 1440, 2560) }]);
    expect(entry).toMatchObject({
      numberId: expect.any(Number),
      status: 'queued',
      review: false,
      itemId: '',
      itemUrl: '',
    });
    const notYet = await patch('reviewed', entry!._id);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json()).toEqual({ message: 'Cannot mark as reviewed: itemId or itemUrl is missing.' });

    const claimed = await ctx.waitingList.claim(60_000);
    expect(claimed).toMatchObject({ id: entry!._id, status: 'in_process', attempts: 1 });
    await ctx.processing.process(claimed!);
    const [done] = await list('not-reviewed');
    expect(done).toMatchObject({
      _id: entry!._id,
      status: 'done',
      itemUrl: expect.stringMatching(/^\/images\/items\/.+thumb-720\.webp$/),
      flags: [],
    });
    expect((await ctx.app.inject({ url: done!.itemUrl })).statusCode).toBe(200);
    // Each thumbnail in WebP and AVIF (the WebP ones also the apps' LD and SD), the HD preview and the blurred placeholder.
    const files = (await ctx.storage.list({ prefix: `images/items/${done!.itemId}/`, pageSize: 100 })).items.map((o) =>
      o.name.replace(/^[0-9a-f]{16}-/, ''),
    );
    expect(files.sort()).toEqual([
      'blurred.webp',
      'preview-hd.webp',
      'thumb-360.avif',
      'thumb-360.webp',
      'thumb-720.avif',
      'thumb-720.webp',
    ]);
    const hd = (await ctx.storage.list({ prefix: `images/items/${done!.itemId}/`, pageSize: 100 })).items.find((o) =>
      o.name.endsWith('preview-hd.webp'),
    )!;
    expect((await sharp((await ctx.app.inject({ url: `/${hd.fullPath}` })).rawPayload).metadata()).width).toBe(1080);
    expect((await ctx.app.inject({ url: `/api/items/${done!.itemId}` })).statusCode).toBe(404);

    const reviewed = await patch('reviewed', entry!._id);
    expect(reviewed.json()).toMatchObject({ success: true, message: 'Item marked as reviewed', status: 200 });
    const published = (await ctx.app.inject({ url: `/api/items/${done!.itemId}` })).json<Item>();
    expect(published).toMatchObject({ name: 'Violet Dusk', price: 2.8, downloadList: [{ dimensions: '1440x2560' }] });
    expect((await patch('reviewed', entry!._id)).statusCode).toBe(409);

    // A draft deleted as an item leaves its entry without one: reviewing it is refused.
    const [other] = await addSources([{ name: 'orphan.jpg', data: await source('#777777', 720, 1280, true) }]);
    await processNext();
    const draftId = (await list('not-reviewed')).find((e) => e._id === other!._id)!.itemId;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/items/${draftId}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await patch('reviewed', other!._id)).json()).toEqual({
      message: 'Cannot mark as reviewed: itemId or itemUrl is missing.',
    });
    await patch('delete', other!._id);
    expect((await list('reviewed')).map((e) => e._id)).toEqual([entry!._id]);
  });

  it('flags a small source as upscaled and a repeat as a near-duplicate', async () => {
    const picture = await source('#c8459b', 1440, 2560);
    const [first] = await addSources([{ name: 'pink.jpg', data: picture }]);
    await processNext();
    await patch('reviewed', first!._id);
    await addSources([
      { name: 'pink-again.jpg', data: picture },
      { name: 'tiny.jpg', data: await source('#1f7a4d', 180, 320, true) },
    ]);
    await processNext();
    await processNext();
    const [tiny, again] = await list('not-reviewed');
    expect(tiny!.flags).toEqual(['upscaled: the source is smaller than 1440x2560']);
    const firstItemId = (await list('reviewed')).find((e) => e._id === first!._id)!.itemId;
    expect(again!.flags).toEqual([`near-duplicate of ${firstItemId}`]);
  });

  it('redo discards the draft and queues the source first; delete removes everything', async () => {
    const [a, b] = await addSources([
      { name: 'a.jpg', data: await source('#ff7a59') },
      { name: 'b.jpg', data: await source('#14121f') },
    ]);
    await processNext();
    await processNext();
    const draftOfB = (await list('all')).find((e) => e._id === b!._id)!.itemId;
    const reset = await patch('redo', b!._id);
    expect(reset.json()).toMatchObject({
      message: 'Item has been reset for processing',
      data: { status: 'queued', itemId: '', itemUrl: '' },
    });
    expect(await ctx.storage.list({ prefix: `images/items/${draftOfB}/`, pageSize: 10 })).toEqual({ items: [] });
    await addSources([{ name: 'c.jpg', data: await source('#888888') }]);
    expect((await ctx.waitingList.claim(60_000))!.id).toBe(b!._id);

    const [row] = await ctx.db.select().from(waitingItems).where(eq(waitingItems.id, a!._id));
    const removed = await patch('delete', a!._id);
    expect(removed.json()).toMatchObject({ message: 'Item deleted successfully' });
    expect(await ctx.storage.stat(row!.sourceKey)).toBeUndefined();
    expect(await ctx.storage.list({ prefix: `images/items/${row!.itemId}/`, pageSize: 10 })).toEqual({ items: [] });
    expect((await list('all')).some((e) => e._id === a!._id)).toBe(false);
  });
});

describe('reset and delete of an entry whose wallpaper is on sale', () => {
  /** An entry processed and marked reviewed: its wallpaper is published. */
  async function publishedEntry(name: string, colour: string) {
    const [entry] = await addSources([{ name, data: await source(colour, 720, 1280, true) }]);
    // Entries earlier tests left queued may come first.
    while ((await processNext())?.id !== entry!._id);
    expect((await patch('reviewed', entry!._id)).statusCode).toBe(200);
    const listed = (await list('reviewed')).find((e) => e._id === entry!._id)!;
    expect(listed.published).toBe(true);
    return listed;
  }

  const itemFiles = async (itemId: string) =>
    (await ctx.storage.list({ prefix: `images/items/${itemId}/`, pageSize: 1000 })).items.length +
    (await ctx.storage.list({ prefix: `downloads/items/${itemId}/`, pageSize: 1000 })).items.length;

  it("keeps a sold wallpaper, its files and its buyers' grants: reset and delete answer 409", async () => {
    const entry = await publishedEntry('sold.jpg', '#2a6f97');
    const buyer = await createShopper(ctx);
    const paid = await buyWithTestWallet(ctx, buyer.headers, [entry.itemId]);
    const link = paid.items[0]!.downloads[0]!.link;
    const files = await itemFiles(entry.itemId);

    for (const action of ['redo', 'delete']) {
      const refused = await patch(action, entry._id);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json().message, action).toMatch(/has been bought, so it stays in the store/);
    }
    expect((await ctx.app.inject({ url: `/api/items/${entry.itemId}` })).statusCode).toBe(200);
    expect(await itemFiles(entry.itemId)).toBe(files);
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/library', headers: buyer.headers })).json()).toEqual([
      expect.objectContaining({ itemId: entry.itemId }),
    ]);
    expect((await list('all')).find((e) => e._id === entry._id)).toMatchObject({
      review: true,
      published: true,
      itemId: entry.itemId,
    });
  });

  it('takes an unsold wallpaper out of the store on reset, and deletes every one of its files on delete', async () => {
    const reset = await publishedEntry('unsold-reset.jpg', '#9b2226');
    expect((await patch('redo', reset._id)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/items/${reset.itemId}` })).statusCode).toBe(404);
    expect(await itemFiles(reset.itemId)).toBe(0);
    expect((await list('all')).find((e) => e._id === reset._id)).toMatchObject({
      status: 'queued',
      review: false,
      published: false,
    });

    // More files than one page of the storage listing (1000).
    const removed = await publishedEntry('unsold-delete.jpg', '#005f73');
    await Promise.all(
      Array.from({ length: 1010 }, (_, i) =>
        ctx.storage.put(`images/items/${removed.itemId}/extra-${i}.webp`, Buffer.from('x'), {
          contentType: 'image/webp',
        }),
      ),
    );
    expect((await patch('delete', removed._id)).statusCode).toBe(200);
    expect(await itemFiles(removed.itemId)).toBe(0);
    expect((await ctx.app.inject({ url: `/api/items/${removed.itemId}` })).statusCode).toBe(404);
  });
});

describe('adding sources', () => {
  it('refuses the whole request when one file is not an image, keeping none of it', async () => {
    const body = multipart([
      { name: 'good.jpg', data: await source('#123456') },
      { name: 'bad.jpg', data: Buffer.from('definitely not an image, just some text pretending to be one') },
    ]);
    const before = await ctx.storage.list({ prefix: 'sources/', pageSize: 1000 });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/items/waiting',
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not a JPEG/);
    expect((await ctx.storage.list({ prefix: 'sources/', pageSize: 1000 })).items.length).toBe(before.items.length);
  });
});

describe('workers', () => {
  it('take an entry whose lease ran out, and give up after three failed attempts', async () => {
    await ctx.db.delete(waitingItems);
    const [entry] = await addSources([{ name: 'lease.jpg', data: await source('#333333') }]);
    const first = await ctx.waitingList.claim(60_000);
    expect(first!.id).toBe(entry!._id);
    expect(await ctx.waitingList.claim(60_000)).toBeUndefined();
    // The first worker died: its lease runs out.
    await ctx.db
      .update(waitingItems)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(waitingItems.id, entry!._id));
    const second = await ctx.waitingList.claim(60_000);
    expect(second).toMatchObject({ id: entry!._id, attempts: 2 });
    await ctx.waitingList.fail(second!, 'boom');
    const third = await ctx.waitingList.claim(60_000);
    await ctx.waitingList.fail(third!, 'boom again');
    expect((await list('all'))[0]).toMatchObject({ status: 'failed', failureReason: 'boom again' });
    expect(await ctx.waitingList.claim(60_000)).toBeUndefined();
  });

  it('never claim the same entry twice, however many run at once', async () => {
    await ctx.db.delete(waitingItems);
    await ctx.waitingList.add(
      Array.from({ length: 40 }, (_, i) => ({ key: `sources/none-${i}.jpg`, name: `n${i}.jpg` })),
    );
    const seen: string[] = [];
    const worker = async () => {
      for (let entry = await ctx.waitingList.claim(60_000); entry; entry = await ctx.waitingList.claim(60_000)) {
        seen.push(entry.id);
        await ctx.waitingList.finish(entry.id, { itemId: 'x', itemUrl: 'x', flags: [], phash: '0' });
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
  });
});

describe('a source larger than the master', () => {
  it('keeps a source larger than the master, so phone files beyond the master stay sharp', async () => {
    const sizes = [
      ['#2a9187', 2400, 4300],
      ['#c8323c', 1440, 2560],
    ] as const;
    const entries = await addSources(
      await Promise.all(
        sizes.map(async ([colour, w, h]) => ({ name: `big-${w}.jpg`, data: await source(colour, w, h) })),
      ),
    );
    const itemIds: string[] = [];
    for (const entry of entries) {
      while ((await processNext())?.id !== entry._id);
      expect((await patch('reviewed', entry._id)).statusCode).toBe(200);
      const itemId = (await list('reviewed')).find((e) => e._id === entry._id)!.itemId;
      const freed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/items/${itemId}`,
        headers: admin,
        payload: { freeDownload: true },
      });
      expect(freed.statusCode).toBe(204);
      itemIds.push(itemId);
    }
    const [large, master] = itemIds as [string, string];
    // The buyer's file stays the master; a 4K phone screen is cut from the kept 2304x4096 source.
    const item = (await ctx.app.inject({ url: `/api/items/${large}` })).json<Item>();
    expect(item.downloadList[0]!.dimensions).toBe('1440x2560');
    const fit = await ctx.app.inject({ url: `/api/downloads/free/${large}/fit/2160x3840` });
    expect(fit.statusCode).toBe(200);
    expect(await sharp(fit.rawPayload).metadata()).toMatchObject({ width: 2160, height: 3840 });
    // From the master alone the same screen would be enlarged 1.5×: refused, with the original offered.
    const refused = await ctx.app.inject({ url: `/api/downloads/free/${master}/fit/2160x3840` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('This wallpaper is 1440x2560');
  });
});
