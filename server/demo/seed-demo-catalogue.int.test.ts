import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { SharpFfmpegMedia } from '../providers/media/sharp-ffmpeg-media.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { seedDemoCatalogue } from './seed-demo-catalogue.ts';

let ctx: TestContext;
let seeded: number;
const media = new SharpFfmpegMedia(ffmpeg.path);

beforeAll(async () => {
  ctx = await createTestContext();
  // The first five plans hold two live items (positions 2 and 4).
  seeded = await seedDemoCatalogue({ catalogue: ctx.catalogue, storage: ctx.storage, media, log: () => {}, count: 5 });
});
afterAll(() => ctx.close());

describe('seedDemoCatalogue', () => {
  it('fills an empty catalogue once, and only once', async () => {
    expect(seeded).toBe(5);
    expect(await seedDemoCatalogue({ catalogue: ctx.catalogue, storage: ctx.storage, media, log: () => {} })).toBe(0);
    expect(await ctx.catalogue.countAll()).toBe(5);
  });

  it('draws 1440x2560 download images and serves their thumbnails', async () => {
    const items = (await ctx.app.inject({ url: '/api/items' })).json<Item[]>();
    for (const item of items) {
      const row = (await ctx.catalogue.findRow(item.itemId))!;
      const master = await ctx.storage.get(row.downloads[0]!.key);
      const chunks: Buffer[] = [];
      for await (const chunk of master) chunks.push(chunk as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([1440, 2560, 'jpeg']);

      const thumb = await ctx.app.inject({ url: `/images/items/${item.itemId}/${item.thumbnail}` });
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(720);
      expect(item.placeholder).toMatch(/^data:image\/webp;base64,/);
      const avif = await ctx.app.inject({ url: `/images/items/${item.itemId}/${item.thumbnails[1]!.avif}` });
      expect(avif.headers['content-type']).toBe('image/avif');
      expect((await sharp(avif.rawPayload).metadata()).width).toBe(720);
    }
  });

  it("knows each wallpaper's focal point, its dominant colours and how dark it is", async () => {
    const items = (await ctx.app.inject({ url: '/api/items' })).json<Item[]>();
    for (const item of items) {
      expect(item.palette.length).toBeGreaterThanOrEqual(3);
      expect(item.palette.every((colour) => /^#[0-9a-f]{6}$/.test(colour))).toBe(true);
      expect(item.darkShare).toBeGreaterThanOrEqual(0);
      expect(item.darkShare).toBeLessThanOrEqual(1);
      // sharp's own dominant colour of the thumbnail is near one of the palette's.
      const row = (await ctx.catalogue.findRow(item.itemId))!;
      const thumb = await ctx.app.inject({ url: `/images/items/${item.itemId}/${row.thumbnail}` });
      const { dominant } = await sharp(thumb.rawPayload).stats();
      const distances = item.palette.map((colour) => {
        const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
        return Math.hypot(r - dominant.r, g - dominant.g, b - dominant.b);
      });
      expect(Math.min(...distances)).toBeLessThan(70);
      expect(item.focalPoint.x).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives live items a playable H.264 preview clip and a downloadable video', async () => {
    const live = (await ctx.app.inject({ url: '/api/items/photoType/live' })).json<Item[]>();
    expect(live.length).toBe(2);
    for (const item of live) {
      expect(item.preview).toMatch(/\.mp4$/);
      const clip = await ctx.app.inject({ url: `/images/items/${item.itemId}/${item.preview}` });
      expect(clip.headers['content-type']).toBe('video/mp4');
      // An MP4 starts with an ftyp box; faststart puts the moov box before the media data.
      expect(clip.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
      expect(clip.rawPayload.indexOf('moov')).toBeLessThan(clip.rawPayload.indexOf('mdat'));
      expect(clip.rawPayload.includes('avc1')).toBe(true);
      expect(item.downloadList.map((d) => d.dimensions)).toEqual(['1440x2560', '720x1280']);
    }
  });
});
