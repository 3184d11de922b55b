import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceCrop } from '#contract/device-crop.ts';
import { SharpFfmpegMedia } from '../../providers/media/sharp-ffmpeg-media.ts';
import { createMedia } from '../../app/runtime.ts';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
/** A dark master with one red disc at (1100, 600): what draws the eye is known. */
const MARKER = { x: 1100, y: 600 };
const masterSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="2560">
  <rect width="1440" height="2560" fill="#1d1f33"/><circle cx="${MARKER.x}" cy="${MARKER.y}" r="110" fill="#ff2020"/></svg>`;
const dimensions = '1440x2560';
const downloadsOf = (itemId: string) => [
  { key: `downloads/items/${itemId}/master.jpg`, name: 'master.jpg', dimensions, contentType: 'image/jpeg' },
];
const free = buildItemRow({ itemId: '20261102_0000_fa000001', freeDownload: true, priceCents: 0 });
const paid = buildItemRow({ itemId: '20261102_0000_fa000002' });

beforeAll(async () => {
  ctx = await createTestContext();
  const master = await sharp(Buffer.from(masterSvg)).jpeg({ quality: 92 }).toBuffer();
  const focal = await createMedia(ctx.config).focalPoint(master);
  for (const row of [free, paid]) {
    row.downloads = downloadsOf(row.itemId);
    row.media = { placeholder: '', thumbnails: [], focal };
    await ctx.storage.put(row.downloads[0]!.key, master, { contentType: 'image/jpeg' });
  }
  await ctx.catalogue.insert([free, paid]);
});
afterAll(() => ctx.close());

const fit = (itemId: string, screen: string) => ctx.app.inject({ url: `/api/downloads/free/${itemId}/fit/${screen}` });

/** The colour of a pixel of a JPEG. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data } = await sharp(image)
    .extract({ left: Math.round(x), top: Math.round(y), width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0]!, g: data[1]!, b: data[2]! };
}

describe("a phone's own file", () => {
  it('finds the focal point of the master where its subject is', async () => {
    const { focal } = (await ctx.catalogue.findRow(free.itemId))!.media;
    expect(focal!.x).toBeCloseTo(MARKER.x / 1440, 1);
    expect(focal!.y).toBeCloseTo(MARKER.y / 2560, 1);
    const item = (await ctx.app.inject({ url: `/api/items/${free.itemId}` })).json();
    expect(item.focalPoint).toEqual(focal);
  });

  it("has exactly the screen's pixels and keeps the focal point in the picture", async () => {
    const response = await fit(free.itemId, '1080x2400');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${free.itemId}-1080x2400.jpg"`);
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([1080, 2400]);

    // The disc lands where the crop says: inside the file, still red.
    const { focal } = (await ctx.catalogue.findRow(free.itemId))!.media;
    const crop = deviceCrop({ width: 1440, height: 2560 }, { width: 1080, height: 2400 }, focal);
    if (!crop.fits) throw new Error('expected a crop');
    const at = { x: (MARKER.x - crop.left) * crop.scale, y: (MARKER.y - crop.top) * crop.scale };
    expect(at.x).toBeGreaterThan(0);
    expect(at.x).toBeLessThan(1080);
    const colour = await pixel(response.rawPayload, at.x, at.y);
    expect(colour.r).toBeGreaterThan(200);
    expect(colour.g).toBeLessThan(80);
  });

  it('is rendered once: the second request is answered from storage', async () => {
    const crops = vi.spyOn(SharpFfmpegMedia.prototype, 'crop');
    try {
      const [first, second] = await Promise.all([fit(free.itemId, '1179x2556'), fit(free.itemId, '1179x2556')]);
      const third = await fit(free.itemId, '1179x2556');
      expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
      expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(crops).toHaveBeenCalledTimes(1);
      // Served with ranges like every file.
      const range = await ctx.app.inject({
        url: `/api/downloads/free/${free.itemId}/fit/1179x2556`,
        headers: { range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.length).toBe(100);
    } finally {
      crops.mockRestore();
    }
  });

  it('says so, and points to the original, when the screen would enlarge it more than 1.25×', async () => {
    const response = await fit(free.itemId, '1440x3600');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This wallpaper is 1440x2560: for a 1440×3600 screen it would be enlarged 1.41×. Download the original instead.',
    );
  });

  it('refuses malformed and impossible screens', async () => {
    for (const screen of ['big', '1170x', '99999x2532', '100x200', '5000x5000']) {
      const response = await fit(free.itemId, screen);
      expect(response.statusCode, screen).toBe(400);
      expect(response.json().message, screen).toMatch(/screen/);
    }
  });

  it("keeps a paid item's file behind its purchase", async () => {
    const refused = await fit(paid.itemId, '1170x2532');
    expect(refused.statusCode).toBe(403);

    const shopper = await createShopper(ctx);
    const result = await buyWithTestWallet(ctx, shopper.headers, [paid.itemId]);
    const link = result.items[0]!.downloads[0]!.link;
    const owned = await ctx.app.inject({ url: `${link}?screen=1170x2532` });
    expect(owned.statusCode).toBe(200);
    expect(owned.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(owned.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([1170, 2532]);

    const forged = await ctx.app.inject({ url: `${link.slice(0, -3)}xyz?screen=1170x2532` });
    expect(forged.statusCode).toBe(403);
  });

  it("follows a focal point an administrator moves, as a new version of the item's file", async () => {
    const admin = await createShopper(ctx, 'Admin');
    await ctx.accounts.promote(admin.email);
    const before = (await ctx.app.inject({ url: `/api/items/${free.itemId}` })).json();
    const first = await fit(free.itemId, '1080x2340');

    // The subject is at the top right; a focal point moved to the bottom left moves the crop there.
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/items/${free.itemId}`,
      headers: admin.headers,
      payload: { focalPoint: { x: 0.05, y: 0.9 } },
    });
    expect(moved.statusCode).toBe(204);
    const after = (await ctx.app.inject({ url: `/api/items/${free.itemId}` })).json();
    expect(after.focalPoint).toEqual({ x: 0.05, y: 0.9 });
    expect(after.version).toBe(before.version + 1);

    const second = await fit(free.itemId, '1080x2340');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    const cropAround = (focal: { x: number; y: number }) => {
      const crop = deviceCrop({ width: 1440, height: 2560 }, { width: 1080, height: 2340 }, focal);
      if (!crop.fits) throw new Error('expected a crop');
      return crop;
    };
    expect(cropAround(before.focalPoint).left).toBeGreaterThan(0);
    expect(cropAround(after.focalPoint).left).toBe(0);
    // The file is that crop: its left edge is the master's left edge, dark where the disc is not.
    const corner = await pixel(second.rawPayload, 20, 1200);
    expect(corner.r).toBeLessThan(80);

    const outside = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/items/${free.itemId}`,
      headers: admin.headers,
      payload: { focalPoint: { x: 1.5, y: 0.5 } },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/focalPoint must lie inside the picture/);
  });
  it("keeps only the item's current version's files: the older ones are removed after each change", async () => {
    const admin = await createShopper(ctx, 'Admin');
    await ctx.accounts.promote(admin.email);
    const phoneFiles = async () =>
      (await ctx.storage.list({ prefix: `downloads/items/${free.itemId}/`, pageSize: 1000 })).items.filter((file) =>
        file.name.startsWith('fit-v'),
      );
    const sizes: number[] = [];
    for (let edit = 0; edit < 10; edit++) {
      for (const screen of ['1080x2400', '1179x2556']) expect((await fit(free.itemId, screen)).statusCode).toBe(200);
      const moved = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/items/${free.itemId}`,
        headers: admin.headers,
        payload: { focalPoint: { x: 0.3 + edit / 100, y: 0.5 } },
      });
      expect(moved.statusCode).toBe(204);
      await ctx.settleJobs();
      sizes.push((await phoneFiles()).reduce((sum, file) => sum + file.size, 0));
    }
    // Each change leaves no phone file behind; the next request makes the new version's.
    expect(sizes).toEqual(Array(10).fill(0));
    expect((await fit(free.itemId, '1080x2400')).statusCode).toBe(200);
    const { version } = (await ctx.catalogue.findRow(free.itemId))!;
    expect((await phoneFiles()).map((file) => file.name)).toEqual([
      expect.stringMatching(new RegExp(`^fit-v${version}-1080x2400-`)),
    ]);
  });
});
