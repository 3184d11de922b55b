/**
 * Draws the web app's own images from the demo art: the home hero (three phone screens) and
 * the category banners, as WebP at the widths their srcset offers, into web/public/art/. Run it again after
 * changing the art; the outputs are committed so a build needs no drawing.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BANNER_WIDTHS, HERO_WIDTHS } from '#contract/pages.ts';
import { renderScene, type SceneSpec } from '../server/demo/demo-art.ts';

const out = path.join(import.meta.dirname, '..', 'web', 'public', 'art');
fs.mkdirSync(out, { recursive: true });

async function phoneScreen(spec: SceneSpec, width: number): Promise<Buffer> {
  const height = Math.round((width * 16) / 9);
  const radius = Math.round(width * 0.12);
  const mask = Buffer.from(
    `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  return sharp(renderScene(spec))
    .resize(width, height)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

async function hero(width: number) {
  const phone = Math.round(width * 0.34);
  const phoneHeight = Math.round((phone * 16) / 9);
  const height = Math.round(phoneHeight * 1.08);
  const screens = await Promise.all(
    (
      [
        { theme: 'anime', seed: 1016, palette: 0 },
        { theme: 'landscape', seed: 1000, palette: 1 },
        { theme: 'minimalistic', seed: 1008, palette: 1 },
      ] as const
    ).map((spec) => phoneScreen(spec, phone)),
  );
  const positions = [
    { left: 0, top: Math.round(height - phoneHeight) },
    { left: Math.round(width / 2 - phone / 2), top: 0 },
    { left: width - phone, top: Math.round(height - phoneHeight) },
  ];
  await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(screens.map((input, i) => ({ input, ...positions[i]! })))
    .webp({ quality: 80, alphaQuality: 90 })
    .toFile(path.join(out, `hero-${width}.webp`));
  console.log(`hero-${width}.webp ${width}x${height}`);
}

/** A wide band of a portrait scene, starting `top` of the way down (where its sun and skyline are). */
async function banner(name: string, spec: SceneSpec, top: number, width: number) {
  const height = Math.round(width * 0.32);
  const full = Math.round((width * 16) / 9);
  await sharp(await sharp(renderScene(spec)).resize(width, full).png().toBuffer())
    .extract({ left: 0, top: Math.round(full * top), width, height })
    .webp({ quality: 78 })
    .toFile(path.join(out, `${name}-${width}.webp`));
  console.log(`${name}-${width}.webp ${width}x${height}`);
}

for (const width of HERO_WIDTHS) await hero(width);
for (const width of BANNER_WIDTHS) {
  await banner('landscape', { theme: 'landscape', seed: 4242, palette: 1 }, 0.3, width);
  await banner('city', { theme: 'minimalistic', seed: 4244, palette: 0 }, 0.24, width);
  await banner('anime', { theme: 'anime', seed: 4247, palette: 4 }, 0.5, width);
}
