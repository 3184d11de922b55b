import type { FocalPoint } from '#contract/device-crop.ts';
import type { Palette } from './palette.ts';

export type ImageFormat = 'jpeg' | 'webp' | 'avif';

export interface ImageOutput {
  data: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
}

export interface ClipSize {
  width: number;
  height: number;
}

/** Everything processing makes from one source image. */
export interface PreparedWallpaper {
  /** 1440×2560 JPEG, cropped to 9:16 around what draws the eye. */
  master: Buffer;
  /** True when the source was smaller than the master and had to be enlarged. */
  upscaled: boolean;
  /**
   * When the source is larger than the master: the same 9:16 window at up to MAX_SOURCE_SIDE
   * pixels tall (JPEG), from which phone files are cut.
   */
  large?: { data: Buffer; width: number; height: number };
  /** The most common colour, as #rrggbb. */
  dominant: string;
  /** A 64-bit difference hash as 16 hex characters; near-identical images differ in few bits. */
  phash: string;
}

/** Image and video work: sharp for stills, ffmpeg for clips. Services never call either directly. */
export interface Media {
  /** Renders (SVG) or re-encodes an image to exactly `width`×`height`, cropping to cover. */
  image(input: Buffer, options: ClipSize & { format: ImageFormat; quality?: number }): Promise<ImageOutput>;
  /** Width and height from an image's header, without decoding its pixels. Throws for non-images. */
  measure(input: NodeJS.ReadableStream): Promise<ClipSize>;
  /** A video's width and height as it plays (its rotation applied), from its first frame. */
  videoSize(input: NodeJS.ReadableStream): Promise<ClipSize>;
  /**
   * Decodes every pixel of an image (scaled down as it is read, so memory stays small); throws
   * when its data is cut short or broken, as a header with no picture behind it is.
   */
  checkPixels(input: NodeJS.ReadableStream): Promise<void>;
  /** An image's five dominant colours and its share of near-black pixels. */
  palette(input: Buffer): Promise<Palette>;
  /** What draws the eye in an image (sharp's attention strategy), as fractions of its width and height. */
  focalPoint(input: Buffer): Promise<FocalPoint>;
  /** The `region` of an image scaled to exactly `size`, as a JPEG: a phone's own file. */
  crop(
    input: Buffer,
    region: { left: number; top: number; width: number; height: number },
    size: ClipSize,
  ): Promise<Buffer>;
  /** A tiny blurred WebP of `size`, shown while the real image loads (inline on the web, as a file in the app). */
  blurred(input: Buffer, size: ClipSize): Promise<Buffer>;
  /** Turns a source image into a phone wallpaper and everything the catalogue shows of it. */
  prepareWallpaper(source: Buffer): Promise<PreparedWallpaper>;
  /**
   * From an uploaded video: a poster frame (WebP) and a short muted H.264 faststart clip,
   * both cropped to `size`, for a live item's card.
   */
  livePreview(video: Buffer, size: ClipSize, seconds: number): Promise<{ poster: Buffer; clip: Buffer }>;
  /** Raw RGB pixels of a rendered image, one video frame. */
  frame(input: Buffer, size: ClipSize): Promise<Buffer>;
  /**
   * Encodes raw RGB frames of `size` into a muted H.264 MP4 with faststart for each of
   * `outputs`, in one pass.
   */
  encodeClip(
    frames: AsyncIterable<Buffer>,
    options: { size: ClipSize; fps: number; outputs: ClipSize[] },
  ): Promise<Buffer[]>;
}
