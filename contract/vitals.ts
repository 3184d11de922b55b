import { z } from 'zod';
import { text } from './text.ts';

export const WebVitalSchema = z.object({
  name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  path: text().startsWith('/').max(200),
  navigationType: text().max(40),
});
export type WebVital = z.infer<typeof WebVitalSchema>;

/** One page view's figures at once, as the web app sends them; a single figure is still taken. */
export const WebVitalsBodySchema = z.union([WebVitalSchema, z.array(WebVitalSchema).min(1).max(10)]);
