import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const newest = buildItemRow({
  itemId: '20261101_1200_aaaaaaaa',
  name: 'Neon Harbor',
  tags: ['minimalistic', 'city'],
  priceCents: 499,
});
const middle = buildItemRow({
  itemId: '20261001_1200_bbbbbbbb',
  name: 'Alpine Dawn',
  tags: ['landscape', 'mountains'],
  freeDownload: true,
  priceCents: 0,
});
const oldest = buildItemRow({
  itemId: '20260901_1200_cccccccc',
  name: 'Sakura Hill',
  tags: [' Anime'],
  photoType: 'live',
  priceCents: 199,
});
const hidden = buildItemRow({
  itemId: '20261201_1200_dddddddd',
  name: 'Unreviewed Draft',
  tags: ['landscape'],
  published: false,
});

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([middle, oldest, newest, hidden]);
});
afterAll(() => ctx.close());

const getJson = async <T>(url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
};

describe('GET /api/items', () => {
  it('lists published items newest first by itemId, without drafts', async () => {
    const { status, body } = await getJson<Item[]>('/api/items');
    expect(status).toBe(200);
    expect(body.map((i) => i.itemId)).toEqual([newest.itemId, middle.itemId, oldest.itemId]);
  });

  it("keeps the original store's field names and shows prices in dollars", async () => {
    const { body } = await getJson<Item[]>('/api/items?limit=1');
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      itemId: newest.itemId,
      name: 'Neon Harbor',
      price: 4.99,
      freeDownload: false,
      stars: 5,
      photoType: 'static',
      tags: ['minimalistic', 'city'],
      thumbnail: 'thumb.webp',
      preview: '',
    });
    expect(body[0]).toHaveProperty('imageList');
    expect(body[0]).toHaveProperty('downloadList');
  });

  it('never links the files of a paid item, and links those of a free one', async () => {
    const { body } = await getJson<Item[]>('/api/items');
    const paid = body.find((i) => i.itemId === newest.itemId)!;
    const free = body.find((i) => i.itemId === middle.itemId)!;
    expect(paid.downloadList).toEqual([
      { link: '', name: 'wallpaper.jpg', dimensions: '1440x2560', size: '1440x2560', ext: 'jpg' },
    ]);
    expect(JSON.stringify(paid)).not.toContain('downloads/items');
    expect(free.downloadList[0]!.link).toBe(`${ctx.config.publicUrl}/api/downloads/free/${middle.itemId}`);
  });

  it('pages with limit and offset and sorts on request', async () => {
    expect((await getJson<Item[]>('/api/items?limit=1&offset=1')).body.map((i) => i.itemId)).toEqual([middle.itemId]);
    expect((await getJson<Item[]>('/api/items?sort=oldest')).body[0]!.itemId).toBe(oldest.itemId);
    expect((await getJson<Item[]>('/api/items?sort=price-asc')).body.map((i) => i.price)).toEqual([0, 1.99, 4.99]);
    expect((await getJson<Item[]>('/api/items?sort=name')).body.map((i) => i.name)).toEqual([
      'Alpine Dawn',
      'Neon Harbor',
      'Sakura Hill',
    ]);
  });

  it('answers 400 with a message for invalid parameters', async () => {
    for (const query of ['limit=abc', 'limit=0', 'limit=5000', 'offset=-1', 'sort=random']) {
      const { status, body } = await getJson<{ message: string }>(`/api/items?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(/limit|offset|sort/);
    }
  });

  it('shows a newly inserted item at once (the cache is dropped on write)', async () => {
    await getJson('/api/items');
    const fresh = buildItemRow({ itemId: '20261115_0000_eeeeeeee', name: 'Fresh Arrival', tags: ['fresh'] });
    await ctx.catalogue.insert([fresh]);
    const { body } = await getJson<Item[]>('/api/items?limit=1');
    expect(body[0]!.itemId).toBe(fresh.itemId);
  });
});

describe('filters', () => {
  it('lists items of a photo type', async () => {
    const { body } = await getJson<Item[]>('/api/items/photoType/live');
    expect(body.map((i) => i.itemId)).toEqual([oldest.itemId]);
    expect((await getJson('/api/items/photoType/animated')).status).toBe(400);
  });

  it('pages and sorts a tag listing like the full list', async () => {
    const extra = buildItemRow({ itemId: '20260801_0000_abcabcab', name: 'Second Landscape', tags: ['landscape'] });
    await ctx.catalogue.insert([extra]);
    expect((await getJson<Item[]>('/api/items/tag/landscape?limit=1')).body.map((i) => i.itemId)).toEqual([
      middle.itemId,
    ]);
    expect((await getJson<Item[]>('/api/items/tag/landscape?limit=1&offset=1')).body.map((i) => i.itemId)).toEqual([
      extra.itemId,
    ]);
    expect((await getJson<Item[]>('/api/items/tag/landscape?sort=oldest')).body.map((i) => i.itemId)).toEqual([
      extra.itemId,
      middle.itemId,
    ]);
    expect((await getJson('/api/items/tag/landscape?limit=-3')).status).toBe(400);
  });

  it('lists items of a tag, ignoring case', async () => {
    const { body } = await getJson<Item[]>('/api/items/tag/Landscape');
    expect(body.map((i) => i.itemId)).toEqual([middle.itemId, '20260801_0000_abcabcab']);
    expect((await getJson<Item[]>('/api/items/tag/nothing-here')).body).toEqual([]);
    // Written as ' Anime', stored and found as 'anime'.
    expect((await getJson<Item[]>('/api/items/tag/anime')).body.map((i) => i.tags)).toEqual([['anime']]);
  });

  it("counts a tag's items, and those of each photo type, as items are published, retagged, unpublished and removed", async () => {
    const totals = async () =>
      Promise.all(
        ['', '?photoType=static', '?photoType=live'].map(async (query) => {
          const response = await ctx.app.inject({ method: 'GET', url: `/api/items/tag/peaks${query}` });
          return Number(response.headers['x-total-count']);
        }),
      );
    const inUse = async () => (await getJson<{ tag: string; count: number }[]>('/api/items/tags')).body;
    const [still, live, draft] = [
      buildItemRow({ itemId: '20260701_0000_aaaa0001', tags: ['peaks', 'snow'] }),
      buildItemRow({ itemId: '20260701_0000_aaaa0002', tags: ['peaks'], photoType: 'live' }),
      buildItemRow({ itemId: '20260701_0000_aaaa0003', tags: ['peaks'], published: false }),
    ];
    await ctx.catalogue.insert([still, live, draft]);
    expect(await totals()).toEqual([2, 1, 1]);
    await ctx.catalogue.update(draft.itemId, { published: true });
    expect(await totals()).toEqual([3, 2, 1]);
    await ctx.catalogue.update(live.itemId, { tags: ['snow'] });
    expect(await totals()).toEqual([2, 2, 0]);
    await ctx.catalogue.update(still.itemId, { photoType: 'live' });
    expect(await totals()).toEqual([2, 1, 1]);
    await ctx.catalogue.update(still.itemId, { published: false });
    expect(await totals()).toEqual([1, 1, 0]);
    expect(await inUse()).toContainEqual({ tag: 'peaks', count: 1 });
    await ctx.catalogue.remove(draft.itemId);
    expect(await totals()).toEqual([0, 0, 0]);
    expect((await inUse()).map((row) => row.tag)).not.toContain('peaks');
    expect(await inUse()).toContainEqual({ tag: 'snow', count: 1 });
  });
});

describe('GET /api/items/search', () => {
  it('finds items by the start of a word of their name or a tag', async () => {
    expect((await getJson<Item[]>('/api/items/search?q=harb')).body.map((i) => i.itemId)).toEqual([newest.itemId]);
    expect((await getJson<Item[]>('/api/items/search?q=mountains')).body.map((i) => i.itemId)).toEqual([middle.itemId]);
    expect((await getJson<Item[]>('/api/items/search?q=sakura%20hill')).body.map((i) => i.itemId)).toEqual([
      oldest.itemId,
    ]);
  });

  it('never finds drafts', async () => {
    expect((await getJson<Item[]>('/api/items/search?q=unreviewed')).body).toEqual([]);
  });

  it('treats query syntax as plain text', async () => {
    const { status, body } = await getJson<Item[]>(
      `/api/items/search?q=${encodeURIComponent("') | !neon:* ; drop table items")}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual([]);
    expect((await getJson<Item[]>('/api/items')).body.length).toBeGreaterThan(0);
  });

  it('refuses an empty or overlong query', async () => {
    expect((await getJson('/api/items/search?q=')).status).toBe(400);
    expect((await getJson(`/api/items/search?q=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

describe('GET /api/items/:itemId', () => {
  it('answers one published item', async () => {
    const { status, body } = await getJson<Item>(`/api/items/${middle.itemId}`);
    expect(status).toBe(200);
    expect(body.name).toBe('Alpine Dawn');
  });

  it('answers 404 with a message for unknown items and drafts', async () => {
    for (const id of ['20200101_0000_00000000', hidden.itemId]) {
      const { status, body } = await getJson<{ message: string }>(`/api/items/${id}`);
      expect(status).toBe(404);
      expect(body.message).toBe('Item not found');
    }
  });

  it('answers 400 for an id outside the safe alphabet', async () => {
    for (const id of ['a~b', '-ab', '_ab', '.ab', 'x'.repeat(65)]) {
      const { status, body } = await getJson<{ message: string }>(`/api/items/${id}`);
      expect(status, id).toBe(400);
      expect(body.message).toMatch(/itemId/);
    }
  });
});

describe('compressed answers', () => {
  it('are built once per catalogue version, compressed in each encoding when a client first takes it, and revalidate with their ETag', async () => {
    const query = { limit: 60, offset: 0, sort: 'newest' as const };
    // A version of the catalogue no client has asked for yet.
    ctx.catalogue.invalidate();
    const answer = await ctx.catalogue.listJson(query);
    expect(await ctx.catalogue.listJson(query)).toBe(answer);

    const plain = await ctx.app.inject({ url: '/api/items' });
    expect(answer.encoded).toEqual({});
    const br = await ctx.app.inject({ url: '/api/items', headers: { 'accept-encoding': 'br, gzip' } });
    expect(Object.keys(answer.encoded)).toEqual(['br']);
    expect(answer.encoded.br!.length).toBeLessThan(answer.plain.length);
    const gzip = await ctx.app.inject({ url: '/api/items', headers: { 'accept-encoding': 'gzip, deflate' } });
    const refusesBrotli = await ctx.app.inject({ url: '/api/items', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect([
      br.headers['content-encoding'],
      gzip.headers['content-encoding'],
      refusesBrotli.headers['content-encoding'],
      plain.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', 'gzip', undefined]);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const etag = br.headers.etag as string;
    expect(etag).toBe(plain.headers.etag);
    expect((await ctx.app.inject({ url: '/api/items', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // A write makes a new version: new bytes, a new ETag.
    await ctx.catalogue.update(newest.itemId, { name: 'Neon Harbor Redux' });
    expect(await ctx.catalogue.listJson(query)).not.toBe(answer);
    expect((await ctx.app.inject({ url: '/api/items', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    await ctx.catalogue.update(newest.itemId, { name: 'Neon Harbor' });
  });
});

describe('Server-Timing', () => {
  it('tells the reply that made a page where its making went, and no reply that sends it again', async () => {
    const url = '/api/items?limit=59';
    const asBrowsers = { 'accept-encoding': 'br, gzip' };
    // A new version of an item: its row is read again, as on a page never asked before.
    await ctx.catalogue.update(middle.itemId, { name: 'Alpine Dawn Again' });
    const made = await ctx.app.inject({ url, headers: asBrowsers });
    const phases = new Map(
      String(made.headers['server-timing'])
        .split(', ')
        .map((metric) => metric.split(';dur=') as [string, string]),
    );
    expect([...phases.keys()].sort()).toEqual(['br', 'count', 'keys', 'make', 'rows']);
    expect(Number(phases.get('make'))).toBeGreaterThanOrEqual(Number(phases.get('keys')));
    expect((await ctx.app.inject({ url, headers: asBrowsers })).headers['server-timing']).toBeUndefined();
    await ctx.catalogue.update(middle.itemId, { name: 'Alpine Dawn' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a message', async () => {
    const { status, body } = await getJson<{ message: string }>('/api/nothing');
    expect(status).toBe(404);
    expect(body.message).toMatch(/Nothing at GET \/api\/nothing/);
  });
});
