import { z } from 'zod';
import { SCREEN_SIDE } from './devices.ts';

// The request side of devices.ts and device-crop.ts, apart so the web app's first load carries no zod.

/** A focal point as a request or an answer carries it. */
export const FocalPointSchema = z.object({
  x: z.number().min(0, 'focalPoint must lie inside the picture').max(1, 'focalPoint must lie inside the picture'),
  y: z.number().min(0, 'focalPoint must lie inside the picture').max(1, 'focalPoint must lie inside the picture'),
});

/** A screen as a request names it, `{width}x{height}` (1170x2532). */
export const ScreenSizeSchema = z
  .string()
  .regex(/^\d{3,4}x\d{3,4}$/, 'screen must look like 1170x2532')
  .transform((value) => {
    const [width, height] = value.split('x').map(Number) as [number, number];
    return { width, height };
  })
  .refine(
    ({ width, height }) => [width, height].every((side) => side >= SCREEN_SIDE.min && side <= SCREEN_SIDE.max),
    `screen sides must be ${SCREEN_SIDE.min} to ${SCREEN_SIDE.max} pixels`,
  );
