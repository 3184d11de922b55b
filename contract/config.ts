import { z } from 'zod';

/** What the web app needs to know about this deployment (GET /api/config, and inlined in pages). */
export const PublicConfigSchema = z.object({
  storeName: z.string(),
  contactEmail: z.string(),
  appStoreUrl: z.string(),
  /**
   * PayPal when the store has keys; the test wallet, where no money moves, on a local store or
   * where the owner asks for it; otherwise none: checkout is closed.
   */
  payment: z.union([
    z.object({ provider: z.literal('paypal'), paypalClientId: z.string() }),
    z.object({ provider: z.literal('test') }),
    z.object({ provider: z.literal('none') }),
  ]),
  /** An ad network client id; without one the ad slots show the store's own promotions. */
  adClientId: z.string().optional(),
  /** Where public item files are fetched: '/images' on this server, or PUBLIC_ASSET_URL (a bucket or CDN). */
  assetBase: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
