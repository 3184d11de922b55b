import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type sharpOf from 'sharp';
import type { Sharp } from 'sharp';
import { MASTER_HEIGHT, MASTER_WIDTH, MAX_SOURCE_SIDE } from '../../shared/constants.ts';
import type { FocalPoint } from '#contract/device-crop.ts';
import type { ClipSize, ImageFormat, ImageOutput, Media, PreparedWallpaper } from './media.ts';
import { paletteOf, type Palette } from './palette.ts';
import { workProcessEnv } from '../../shared/work-process-env.ts';

/** Refuse decompression bombs: nothing we accept needs more than 100 megapixels. */
const MAX_INPUT_PIXELS = 100_000_000;

/** The size an image is read at for its palette. */
const PALETTE_SIZE = { width: 48, height: 85 };

/** The square the attention strategy looks for its point in (small enough to be quick, large enough to be sure). */
const ATTENTION_SIDE = 720;

function encode(pipeline: Sharp, format: ImageFormat, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality, mozjpeg: true });
    case 'webp':
      return pipeline.webp({ quality });
    case 'avif':
      // Effort 2 keeps encoding near WebP's speed; files are still about a quarter smaller.
      return pipeline.avif({ quality: Math.max(quality - 20, 30), effort: 2 });
  }
}

/**
 * libvips, loaded by the first image work rather than by every process that may do some: an API
 * process that never resizes an image does not hold it. Without its operation cache: each image
 * comes as a buffer of its own, so nothing cached was asked for again, and an API process that
 * had made the phone files of one item held 163 MB more a minute later; without the cache, and
 * with glibc's arenas capped (`MALLOC_ARENA_MAX`, SERVER_ENV), 38 MB (decision 104).
 */
let loading: Promise<typeof sharpOf> | undefined;
const loadSharp = () =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

export class SharpFfmpegMedia implements Media {
  private readonly ffmpegPath: string;

  constructor(ffmpegPath: string) {
    this.ffmpegPath = ffmpegPath;
  }

  async image(input: Buffer, options: ClipSize & { format: ImageFormat; quality?: number }): Promise<ImageOutput> {
    const sharp = await loadSharp();
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(options.width, options.height, { fit: 'cover', kernel: 'lanczos3' });
    const { data, info } = await encode(pipeline, options.format, options.quality ?? 82).toBuffer({
      resolveWithObject: true,
    });
    return { data, width: info.width, height: info.height, format: options.format };
  }

  async measure(input: NodeJS.ReadableStream): Promise<ClipSize> {
    const sharp = await loadSharp();
    // No pixel limit here: this reads only the header, and the caller decides what is too big.
    const reader = sharp({ limitInputPixels: false });
    input.pipe(reader);
    const { width, height } = await reader.metadata();
    if (!width || !height) throw new Error('Not an image');
    return { width, height };
  }

  async checkPixels(input: NodeJS.ReadableStream): Promise<void> {
    const sharp = await loadSharp();
    // Read sequentially and shrunk while decoding (JPEG's shrink-on-load): a 100 MP image costs
    // a few megabytes. 'truncated' fails on data cut short, which libvips would otherwise pad.
    const reader = sharp({ limitInputPixels: false, failOn: 'truncated', sequentialRead: true });
    input.pipe(reader);
    await reader.resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  }

  async blurred(input: Buffer, size: ClipSize): Promise<Buffer> {
    const sharp = await loadSharp();
    return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover' })
      .blur(1)
      .webp({ quality: 40 })
      .toBuffer();
  }

  async palette(input: Buffer): Promise<Palette> {
    const sharp = await loadSharp();
    // A few thousand pixels tell the colours of a wallpaper as well as millions.
    const pixels = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(PALETTE_SIZE.width, PALETTE_SIZE.height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    return paletteOf(pixels);
  }

  async focalPoint(input: Buffer): Promise<FocalPoint> {
    const sharp = await loadSharp();
    const { width = 0, height = 0 } = await sharp(input).metadata();
    // The attention point comes in the coordinates of the image scaled to cover the square.
    const scale = Math.max(ATTENTION_SIDE / width, ATTENTION_SIDE / height);
    const { info } = await sharp(input)
      .resize(ATTENTION_SIDE, ATTENTION_SIDE, { fit: 'cover', position: sharp.strategy.attention })
      .toBuffer({ resolveWithObject: true });
    const fraction = (at: number | undefined, span: number) =>
      at === undefined ? 0.5 : Math.round(Math.min(1, Math.max(0, at / (span * scale))) * 1000) / 1000;
    return { x: fraction(info.attentionX, width), y: fraction(info.attentionY, height) };
  }

  async crop(
    input: Buffer,
    region: { left: number; top: number; width: number; height: number },
    size: ClipSize,
  ): Promise<Buffer> {
    const sharp = await loadSharp();
    return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .extract(region)
      .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
  }

  async prepareWallpaper(source: Buffer): Promise<PreparedWallpaper> {
    const sharp = await loadSharp();
    const oriented = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const { width = 0, height = 0 } = await sharp(await oriented.clone().toBuffer()).metadata();
    if (!width || !height) throw new Error('The source is not an image');
    // The 9:16 window the crop keeps; enlarging is needed when it is narrower than the master.
    const cropWidth = Math.min(width, (height * 9) / 16);
    const framed = (w: number, h: number) =>
      oriented.clone().resize(w, h, { fit: 'cover', position: sharp.strategy.attention, kernel: 'lanczos3' });
    // A larger source is kept as its window at up to MAX_SOURCE_SIDE, and the master is made from
    // that copy, so both show exactly the same frame (the focal point holds for both).
    const largeHeight = Math.min(MAX_SOURCE_SIDE, Math.floor((cropWidth * 16) / 9));
    const large =
      cropWidth > MASTER_WIDTH
        ? {
            width: Math.round((largeHeight * 9) / 16),
            height: largeHeight,
            data: await framed(Math.round((largeHeight * 9) / 16), largeHeight)
              .jpeg({ quality: 90, mozjpeg: true })
              .toBuffer(),
          }
        : undefined;
    const master = await (
      large ? sharp(large.data).resize(MASTER_WIDTH, MASTER_HEIGHT) : framed(MASTER_WIDTH, MASTER_HEIGHT)
    )
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
    const [stats, hashPixels] = await Promise.all([
      sharp(master).stats(),
      sharp(master).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer(),
    ]);
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    let bits = 0n;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) bits = (bits << 1n) | (hashPixels[y * 9 + x]! > hashPixels[y * 9 + x + 1]! ? 1n : 0n);
    }
    return {
      master,
      upscaled: cropWidth < MASTER_WIDTH,
      ...(large && { large }),
      dominant: `#${hex(stats.dominant.r)}${hex(stats.dominant.g)}${hex(stats.dominant.b)}`,
      phash: bits.toString(16).padStart(16, '0'),
    };
  }

  async frame(input: Buffer, size: ClipSize): Promise<Buffer> {
    const sharp = await loadSharp();
    return sharp(input).resize(size.width, size.height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  }

  async videoSize(input: NodeJS.ReadableStream): Promise<ClipSize> {
    const sharp = await loadSharp();
    // An MP4 may keep its index at the end: ffmpeg reads it from a file, where it can seek.
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'probe-'));
    const [video, frame] = [path.join(dir, 'input'), path.join(dir, 'frame.png')] as [string, string];
    try {
      await pipeline(input, fs.createWriteStream(video));
      await this.run(['-i', video, '-frames:v', '1', frame]);
      const { width, height } = await sharp(frame).metadata();
      if (!width || !height) throw new Error('The video has no frame');
      return { width, height };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  async livePreview(video: Buffer, size: ClipSize, seconds: number): Promise<{ poster: Buffer; clip: Buffer }> {
    const sharp = await loadSharp();
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'live-'));
    const [input, clip, poster] = ['input', 'clip.mp4', 'poster.png'].map((name) => path.join(dir, name)) as [
      string,
      string,
      string,
    ];
    const cover = `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase,crop=${size.width}:${size.height}`;
    try {
      await fsp.writeFile(input, video);
      await this.run([
        '-i',
        input,
        '-t',
        String(seconds),
        '-vf',
        cover,
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '24',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        clip,
      ]);
      await this.run(['-i', input, '-frames:v', '1', '-vf', cover, poster]);
      return {
        clip: await fsp.readFile(clip),
        poster: await sharp(await fsp.readFile(poster))
          .webp({ quality: 80 })
          .toBuffer(),
      };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  /** Runs ffmpeg to completion; its error output becomes the error's message. */
  private async run(args: string[]): Promise<void> {
    const child = spawn(this.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: workProcessEnv(),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`);
  }

  async encodeClip(
    frames: AsyncIterable<Buffer>,
    options: { size: ClipSize; fps: number; outputs: ClipSize[] },
  ): Promise<Buffer[]> {
    // MP4 with faststart needs a seekable output, so ffmpeg writes files we then read back.
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'clip-'));
    const files = options.outputs.map((_, i) => path.join(dir, `${i}-${randomBytes(4).toString('hex')}.mp4`));
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${options.size.width}x${options.size.height}`,
      '-r',
      String(options.fps),
      '-i',
      'pipe:0',
      ...options.outputs.flatMap((out, i) => [
        '-vf',
        `scale=${out.width}:${out.height}:flags=lanczos`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-an',
        files[i] as string,
      ]),
    ];
    try {
      const child = spawn(this.ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'], env: workProcessEnv() });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = once(child, 'close');
      for await (const frame of frames) {
        if (!child.stdin.write(frame)) await once(child.stdin, 'drain');
      }
      child.stdin.end();
      const [code] = (await exited) as [number | null];
      if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
      return await Promise.all(files.map((file) => fsp.readFile(file)));
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }
}
