import { describe, expect, it } from 'vitest';
import { deviceCrop, MAX_UPSCALE } from './device-crop.ts';
import { detectPhoneScreen, PHONE_SCREENS } from './devices.ts';

describe('phone screens', () => {
  it('name about 40 current models, each on one screen only', () => {
    const models = PHONE_SCREENS.flatMap((screen) => screen.models);
    expect(models.length).toBeGreaterThanOrEqual(40);
    expect(new Set(models).size).toBe(models.length);
    expect(new Set(PHONE_SCREENS.map((screen) => screen.id)).size).toBe(PHONE_SCREENS.length);
  });

  it('detect a phone from its CSS screen size and pixel ratio where exactly one screen matches', () => {
    // An iPhone 13 as the browser reports it, held either way.
    expect(detectPhoneScreen({ width: 390, height: 844 }, 3)?.id).toBe('1170x2532');
    expect(detectPhoneScreen({ width: 844, height: 390 }, 3)?.id).toBe('1170x2532');
    // A Pixel 9 (412×923 at 2.625) is told from a Pixel 8 (412×915) despite the rounding.
    expect(detectPhoneScreen({ width: 412, height: 923 }, 2.625)?.id).toBe('1080x2424');
    expect(detectPhoneScreen({ width: 412, height: 915 }, 2.625)?.id).toBe('1080x2400');
    expect(detectPhoneScreen({ width: 360, height: 780 }, 3)?.id).toBe('1080x2340');
    // A desktop, or a phone we do not know, is not guessed.
    expect(detectPhoneScreen({ width: 1440, height: 900 }, 2)).toBeUndefined();
    expect(detectPhoneScreen({ width: 400, height: 800 }, 2)).toBeUndefined();
  });
});

describe('a device crop', () => {
  const master = { width: 1440, height: 2560 };

  it("has the screen's shape, scaled to cover it, around the focal point", () => {
    const crop = deviceCrop(master, { width: 1170, height: 2532 }, { x: 0.5, y: 0.5 });
    expect(crop.fits).toBe(true);
    if (!crop.fits) return;
    expect(crop.scale).toBeCloseTo(2532 / 2560);
    expect(crop.height).toBe(2560);
    expect(crop.width / crop.height).toBeCloseTo(1170 / 2532, 2);
    expect(crop.left + crop.width / 2).toBeCloseTo(720, -1);
  });

  it('keeps a focal point near an edge inside, moving the crop no further than the image', () => {
    for (const x of [0, 0.1, 0.9, 1]) {
      const crop = deviceCrop(master, { width: 1080, height: 2400 }, { x, y: 0.5 });
      if (!crop.fits) throw new Error('expected a crop');
      expect(crop.left).toBeGreaterThanOrEqual(0);
      expect(crop.left + crop.width).toBeLessThanOrEqual(master.width);
      const focalX = x * master.width;
      expect(focalX).toBeGreaterThanOrEqual(crop.left);
      expect(focalX).toBeLessThanOrEqual(crop.left + crop.width);
    }
  });

  it(`refuses to enlarge more than ${MAX_UPSCALE}×`, () => {
    expect(deviceCrop(master, { width: 1440, height: 3120 }).fits).toBe(true);
    const tooBig = deviceCrop({ width: 720, height: 1280 }, { width: 1440, height: 3120 });
    expect(tooBig).toEqual({ fits: false, scale: 3120 / 1280 });
  });
});
