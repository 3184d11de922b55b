import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { jobs } from '../../db/schema.ts';
import { createShopper } from '../../test/shoppers.ts';
import { multipart } from '../../test/multipart.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let shopper: Record<string, string>;
const itemId = '20261122_0900_abcdef01';

const upload = (kind: string, fileName: string, data: Buffer, headers = admin, id = itemId) => {
  const body = multipart([{ name: fileName, data }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/uploads?itemId=${id}&kind=${kind}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};
const stored = async (prefix: string) =>
  (await ctx.storage.list({ prefix, pageSize: 1000 })).items.map((o) => o.fullPath);
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4b3bd6' } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  ctx = await createTestContext({ MAX_IMAGE_MB: '0.05', MAX_IMAGE_MEGAPIXELS: '1' });
  const a = await createShopper(ctx, 'Admin');
  await ctx.accounts.promote(a.email);
  admin = a.headers;
  shopper = (await createShopper(ctx)).headers;
});
afterAll(() => ctx.close());

describe('POST /api/uploads', () => {
  it('is for administrators only', async () => {
    expect((await upload('thumbnail', 'a.jpg', await jpeg(90, 160), shopper)).statusCode).toBe(403);
    expect((await upload('thumbnail', 'a.jpg', await jpeg(90, 160), {})).statusCode).toBe(401);
  });

  it('refuses a file whose bytes are not the kind it claims, leaving nothing behind', async () => {
    const response = await upload('image', 'holiday.jpg', Buffer.from('<?php echo "not an image"; ?>'.repeat(20)));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file is not a JPEG, PNG, WebP, AVIF or HEIC image.');
    const video = await upload('video', 'clip.mp4', await jpeg(90, 160));
    expect(video.json().message).toBe('The file is not an MP4, MOV or WebM video.');
    expect(await stored(`downloads/items/${itemId}/`)).toEqual([]);
  });

  it('answers 400, not 500, for an image whose header passes but cannot be decoded', async () => {
    const broken = Buffer.concat([(await jpeg(90, 160)).subarray(0, 200)]);
    const response = await upload('image', 'broken.jpg', broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/could not be read/);
    expect(await stored(`downloads/items/${itemId}/`)).toEqual([]);
  });

  it('refuses a file over the size limit, leaving nothing behind', async () => {
    const noise = await sharp(
      Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 900, height: 900, channels: 3 } },
    )
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(0.05 * 1024 * 1024);
    // Declared: refused by its length. Streamed without one: cut off at the limit as it is read.
    const declared = await upload('image', 'big.jpg', noise);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toMatch(/larger than/);
    const body = multipart([{ name: 'big.jpg', data: noise }]);
    const streamed = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads?itemId=${itemId}&kind=image`,
      payload: Readable.from([body.payload]),
      headers: { ...admin, ...body.headers },
    });
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().message).toMatch(/larger than/);
    expect(await stored(`downloads/items/${itemId}/`)).toEqual([]);
  });

  it('refuses an image with too many pixels (a decompression bomb), leaving nothing behind', async () => {
    const bomb = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload('image', 'bomb.png', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/megapixels/);
    expect(await stored(`downloads/items/${itemId}/`)).toEqual([]);
  });

  it('refuses an image whose header passes but whose pixels are missing, leaving nothing behind', async () => {
    // A real JPEG's header claiming 900×1000 pixels, cut off where its pixels begin.
    const real = await jpeg(16, 16);
    const frame = real.indexOf(Buffer.from([0xff, 0xc0]));
    const scan = real.indexOf(Buffer.from([0xff, 0xda]));
    const header = Buffer.from(real.subarray(0, scan + 2 + real.readUInt16BE(scan + 2)));
    header.writeUInt16BE(1000, frame + 5);
    header.writeUInt16BE(900, frame + 7);
    expect(header.length).toBeLessThan(400);
    for (const kind of ['image', 'thumbnail']) {
      const response = await upload(kind, 'hollow.jpg', header);
      expect(response.statusCode, kind).toBe(400);
      expect(response.json().message).toMatch(/could not be read/);
    }
    expect(await stored(`downloads/items/${itemId}/`)).toEqual([]);
    expect(await stored(`images/items/${itemId}/`)).toEqual([]);
  });

  it('refuses an upload by its declared length, before reading it', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    for (const url of [`/api/uploads?itemId=${itemId}&kind=image`, '/api/items/waiting']) {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        [
          `POST ${url} HTTP/1.1`,
          'Host: 127.0.0.1',
          `Authorization: ${admin.authorization}`,
          'Content-Type: multipart/form-data; boundary=b',
          `Content-Length: ${2 * 1024 ** 3}`,
          '',
          '--b\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\n\r\n',
        ].join('\r\n'),
      );
      const [answer] = (await once(socket, 'data')) as [Buffer];
      expect(answer.toString()).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toString()).toContain('"message":"The upload is larger than');
      // The connection ends instead of reading the two gigabytes it announced.
      await once(socket, 'close');
    }
  });

  it('stores a thumbnail in public and a download image in private, under keys it makes', async () => {
    const thumb = await upload('thumbnail', '../../Evil Name!.JPG', await jpeg(360, 640));
    expect(thumb.statusCode).toBe(201);
    expect(thumb.json()).toMatchObject({
      key: expect.stringMatching(new RegExp(`^images/items/${itemId}/[0-9a-f]{12}-evil-name\\.jpg$`)),
      width: 360,
      height: 640,
      contentType: 'image/jpeg',
    });
    expect((await ctx.app.inject({ url: thumb.json().url })).statusCode).toBe(200);
    const image = await upload('image', 'master.jpg', await jpeg(720, 1280));
    expect(image.json().key).toMatch(new RegExp(`^downloads/items/${itemId}/`));
    expect(image.json().url).toBeUndefined();
  });
});

describe('admin item writes', () => {
  it('create a published item from uploaded files, refuse a duplicate itemId, edit and delete it', async () => {
    const thumbnailKey = (await upload('thumbnail', 't.jpg', await jpeg(360, 640))).json().key;
    const imageKey = (await upload('image', 'm.jpg', await jpeg(720, 1280))).json().key;
    const body = {
      itemId,
      name: 'Violet Bay',
      price: 2.8,
      freeDownload: false,
      photoType: 'static',
      tags: ['Landscape', ' Anime '],
      dimensions: '720x1280',
      thumbnailKey,
      imageKey,
    };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/items', headers: shopper, payload: body })).statusCode,
    ).toBe(403);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/items', headers: admin, payload: body });
    expect(created.statusCode).toBe(201);
    const item = (await ctx.app.inject({ url: `/api/items/${itemId}` })).json<Item>();
    expect(item).toMatchObject({
      name: 'Violet Bay',
      price: 2.8,
      stars: 5,
      tags: ['landscape', 'anime'],
      downloadList: [{ link: '', name: 'violet-bay-720x1280.jpg', dimensions: '720x1280' }],
    });
    expect(item.thumbnails.map((t) => t.width)).toEqual([360, 720]);
    expect((await ctx.app.inject({ url: `/images/items/${itemId}/${item.thumbnail}` })).statusCode).toBe(200);

    const duplicate = await ctx.app.inject({ method: 'POST', url: '/api/items', headers: admin, payload: body });
    expect(duplicate.statusCode).toBe(409);
    const foreignKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: admin,
      payload: { ...body, itemId: '20261122_0900_abcdef02' },
    });
    expect(foreignKey.json()).toEqual({ message: 'thumbnailImage is invalid!' });

    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/items/${itemId}`,
      headers: admin,
      payload: { name: 'Violet Harbour', price: 3.49 },
    });
    expect(patched.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/items/${itemId}` })).json()).toMatchObject({
      name: 'Violet Harbour',
      price: 3.49,
    });

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/items/${itemId}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await ctx.app.inject({ url: `/api/items/${itemId}` })).statusCode).toBe(404);
    expect([...(await stored(`images/items/${itemId}/`)), ...(await stored(`downloads/items/${itemId}/`))]).toEqual([]);
  });

  it('refuses a live item without its video', async () => {
    const id = '20261122_0901_abcdef03';
    const thumbnailKey = (await upload('thumbnail', 't.jpg', await jpeg(360, 640), admin, id)).json().key;
    const imageKey = (await upload('image', 'm.jpg', await jpeg(720, 1280), admin, id)).json().key;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: admin,
      payload: {
        itemId: id,
        name: 'Dune',
        price: 0,
        freeDownload: true,
        photoType: 'live',
        tags: ['landscape'],
        dimensions: '720x1280',
        thumbnailKey,
        imageKey,
      },
    });
    expect(created.json()).toEqual({ message: 'downloadVideo is invalid!' });
  });

  it('gives a live item a poster and a short, muted, playable H.264 clip made from its video', async () => {
    const id = '20261122_0902_abcdef04';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-live-'));
    const source = path.join(dir, 'live.mp4');
    // Five seconds of a test pattern with a sound track, as a phone would record it.
    execFileSync(ffmpeg.path, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=540x960:rate=24',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '5',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    const thumbnailKey = (await upload('thumbnail', 't.jpg', await jpeg(360, 640), admin, id)).json().key;
    const imageKey = (await upload('image', 'm.jpg', await jpeg(720, 1280), admin, id)).json().key;
    const videoKey = (await upload('video', 'clip.mp4', fs.readFileSync(source), admin, id)).json().key;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: admin,
      payload: {
        itemId: id,
        name: 'Test Pattern',
        price: 2.8,
        freeDownload: false,
        photoType: 'live',
        tags: ['minimalistic'],
        dimensions: '1440x2560',
        thumbnailKey,
        imageKey,
        videoKey,
      },
    });
    expect(created.statusCode).toBe(201);

    let item: Item | undefined;
    await expect
      .poll(
        async () => {
          item = (await ctx.app.inject({ url: `/api/items/${id}` })).json<Item>();
          return item.preview;
        },
        { timeout: 20_000 },
      )
      .toMatch(/preview\.mp4$/);
    expect(item!.downloadList.map((d) => d.name)).toEqual(['test-pattern-720x1280.jpg', 'test-pattern-live.mp4']);
    // Each file's own size, read from the file, whatever the form said.
    expect(item!.downloadList.map((d) => d.dimensions)).toEqual(['720x1280', '540x960']);
    expect((await ctx.app.inject({ url: `/images/items/${id}/${item!.poster}` })).headers['content-type']).toBe(
      'image/webp',
    );

    const clip = await ctx.app.inject({ url: `/images/items/${id}/${item!.preview}` });
    fs.writeFileSync(path.join(dir, 'preview.mp4'), clip.rawPayload);
    const probe = JSON.parse(
      execFileSync(ffprobe.path, [
        '-v',
        'error',
        '-show_streams',
        '-show_format',
        '-of',
        'json',
        path.join(dir, 'preview.mp4'),
      ]).toString(),
    ) as {
      streams: { codec_type: string; codec_name: string; width: number; height: number }[];
      format: { duration: string };
    };
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 360, height: 640 });
    expect(Number(probe.format.duration)).toBeGreaterThan(2.5);
    expect(Number(probe.format.duration)).toBeLessThanOrEqual(3.1);
    expect(clip.rawPayload.indexOf('moov')).toBeLessThan(clip.rawPayload.indexOf('mdat'));

    // A live item of a store older than the outbox, without a clip or a job for it, gets one at start.
    await ctx.catalogue.update(id, { preview: '' });
    await ctx.db.delete(jobs).where(eq(jobs.kind, 'live-preview'));
    await ctx.adminItems.queueMissingLivePreviews();
    await ctx.settleJobs();
    expect((await ctx.app.inject({ url: `/api/items/${id}` })).json<Item>().preview).toMatch(/preview\.mp4$/);

    // An administrator moves the focal point just as the job writes its clip: neither change is lost.
    await ctx.catalogue.update(id, { preview: '' });
    await ctx.db.delete(jobs).where(eq(jobs.kind, 'live-preview'));
    const focalPoint = { x: 0.2, y: 0.7 };
    const write = ctx.catalogue.update.bind(ctx.catalogue);
    let raced = false;
    ctx.catalogue.update = async (itemId, change) => {
      if (!raced && change.preview) {
        raced = true;
        await ctx.adminItems.update(itemId, { focalPoint }, { uid: 'test', email: 'owner@example.com' });
      }
      return write(itemId, change);
    };
    try {
      await ctx.adminItems.queueMissingLivePreviews();
      await ctx.settleJobs();
    } finally {
      ctx.catalogue.update = write;
    }
    expect(raced).toBe(true);
    const after = (await ctx.app.inject({ url: `/api/items/${id}` })).json<Item>();
    expect(after.preview).toMatch(/preview\.mp4$/);
    expect(after.poster).toMatch(/poster\.webp$/);
    expect(after.focalPoint).toEqual(focalPoint);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
