import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this shape. */
export const ApiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
  /**
   * Which payment provider takes payments: PayPal, the test wallet (a local store, or one whose
   * owner asked for it), or none (a public store without keys: checkout is closed).
   */
  payments: z.enum(['paypal', 'test', 'none']),
  /** PayPal's webhooks: verified with PAYPAL_WEBHOOK_ID, unverified (and refused) without it. */
  webhooks: z.enum(['verified', 'unverified', 'not-used']),
});
export type Health = z.infer<typeof HealthSchema>;
