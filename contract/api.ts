import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this shape. */
export const ApiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
  /** Which payment provider takes payments: PayPal, or the test wallet without keys. */
  payments: z.enum(['paypal', 'test']),
  /** PayPal's webhooks: verified with PAYPAL_WEBHOOK_ID, unverified (and refused) without it. */
  webhooks: z.enum(['verified', 'unverified', 'not-used']),
});
export type Health = z.infer<typeof HealthSchema>;
