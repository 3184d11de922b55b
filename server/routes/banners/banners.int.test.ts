import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActionsPage } from '#contract/admin.ts';
import type { Banner } from '#contract/banners.ts';
import type { Board } from '#contract/mobile-app.ts';
import { multipart } from '../../test/multipart.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createShopper(ctx, 'Owner');
  await ctx.accounts.promote(owner.email);
  admin = owner.headers;
});
afterAll(() => ctx.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c8459b' } })
    .png()
    .toBuffer();
const make = async (query: string, data: Buffer, name = 'banner.png') => {
  const body = multipart([{ name, data }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/banners?${query}`,
    payload: body.payload,
    headers: { ...admin, ...body.headers },
  });
};
const change = (id: number, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/banners/${id}`, headers: admin, payload });
const shown = async () => (await ctx.app.inject({ url: '/api/banners' })).json<Banner[]>();
const boards = async () => (await ctx.app.inject({ url: '/api/items/boards/top' })).json<Board[]>();
/** The picture a banner's address serves. */
const served = (url: string) => ctx.app.inject({ url: new URL(url).pathname });
const sources = async () => (await ctx.storage.list({ prefix: 'sources/', pageSize: 100 })).items;

describe("the owner's banners", () => {
  it('are made from an image at the app banner size, shown on the web home and as the app banners, in order', async () => {
    const made = await make('title=Autumn%20sale&tag=Landscape', await picture(2400, 1600));
    expect(made.statusCode, made.body).toBe(201);
    const autumn = made.json<Banner>();
    expect(autumn).toMatchObject({ title: 'Autumn sale', tag: 'landscape', active: true });
    for (const [url, width, height] of [
      [autumn.image, 1170, 374],
      [autumn.imageSmall, 585, 187],
    ] as const) {
      const file = await served(url);
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    // The uploaded image itself is not kept.
    expect(await sources()).toEqual([]);

    const spooky = (await make('title=Spooky&tag=halloween', await picture(800, 600))).json<Banner>();
    expect((await shown()).map((banner) => banner.title)).toEqual(['Autumn sale', 'Spooky']);
    expect((await boards()).map((board) => [board.id, board.title, board.action, board.value])).toEqual([
      [autumn.id, 'Autumn sale', 'NAVIGATION_CATALOG', 'landscape'],
      [spooky.id, 'Spooky', 'NAVIGATION_HALLOWEEN', 'halloween'],
    ]);
    expect((await boards())[0]).toMatchObject({ photoUrl: autumn.image, ratioWidth: 1170, ratioHeight: 374 });

    expect((await change(spooky.id, { move: 'up' })).statusCode).toBe(200);
    expect((await shown()).map((banner) => banner.title)).toEqual(['Spooky', 'Autumn sale']);
    // The first can't go higher: nothing moves.
    expect((await change(spooky.id, { move: 'up' })).json<Banner>().position).toBe(autumn.position);
    expect((await shown()).map((banner) => banner.title)).toEqual(['Spooky', 'Autumn sale']);

    // With none active, the app shows the themes' banners again and the web home none.
    for (const banner of [autumn, spooky]) expect((await change(banner.id, { active: false })).statusCode).toBe(200);
    expect(await shown()).toEqual([]);
    expect((await boards()).map((board) => board.value)).toEqual(['anime', 'landscape', 'minimalistic']);
    expect((await ctx.app.inject({ url: '/api/admin/banners', headers: admin })).json<Banner[]>()).toHaveLength(2);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/banners/${autumn.id}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    expect((await served(autumn.image)).statusCode).toBe(404);
    expect((await served(spooky.image)).statusCode).toBe(200);
    const log = (await ctx.app.inject({ url: '/api/admin/actions', headers: admin })).json<AdminActionsPage>();
    expect(log.actions.map((action) => action.action)).toEqual(
      expect.arrayContaining(['banner.create', 'banner.update', 'banner.delete']),
    );
    expect(log.actions.find((action) => action.action === 'banner.delete')).toMatchObject({
      target: `banner ${autumn.id}`,
      before: { title: 'Autumn sale', tag: 'landscape' },
    });
  });

  it('refuses what is not an image, a missing title or tag, and a banner that is not there, keeping nothing', async () => {
    const text = await make('title=Nope&tag=anime', Buffer.from('not a picture at all'), 'notes.txt');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The file is not a JPEG, PNG, WebP, AVIF or HEIC image.');
    const untitled = await make('title=%20&tag=anime', await picture(400, 200));
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().message).toContain('Give the banner a title.');
    expect((await make('title=Odd&tag=%3Cscript%3E', await picture(400, 200))).statusCode).toBe(400);
    expect(await sources()).toEqual([]);
    const missing = await change(999_999, { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This banner does not exist.');
    expect((await change(1, {})).json().message).toContain('Say what to change.');
  });
});
