import { z } from 'zod';
import { ItemIdSchema, ItemSchema } from './item.ts';
import { dollarsToCents } from './money.ts';
import { text } from './text.ts';

export const MAX_BUNDLE_ITEMS = 50;

export const BUNDLE_MESSAGES = {
  notForSale: 'This bundle is not for sale.',
  notFound: 'This bundle does not exist.',
  allOwned: 'You already own every wallpaper in this bundle.',
  freeInside: 'Free wallpapers cannot be in a bundle',
  soldStays: 'This bundle has been bought, so it stays for its buyers. Unpublish it instead.',
} as const;

export const BundleIdSchema = z.uuid('bundleId is not valid');
export const BundleParamsSchema = z.object({ bundleId: BundleIdSchema });

/** A bundle as the owner makes it on /admin/bundles: its items in the order shown. */
export const BundleFieldsSchema = z.object({
  name: text().trim().min(1, 'Give the bundle a name.').max(80),
  description: text().trim().max(500).default(''),
  price: z.number().min(0.01, 'A bundle costs at least $0.01.').max(1000),
  itemIds: z
    .array(ItemIdSchema)
    .min(2, 'A bundle holds at least two wallpapers.')
    .max(MAX_BUNDLE_ITEMS, `A bundle holds at most ${MAX_BUNDLE_ITEMS} wallpapers.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A wallpaper is in the bundle only once.'),
  published: z.boolean().default(false),
});
export type BundleFields = z.input<typeof BundleFieldsSchema>;

export const UpdateBundleBodySchema = z
  .object({
    name: BundleFieldsSchema.shape.name,
    description: text().trim().max(500),
    price: BundleFieldsSchema.shape.price,
    itemIds: BundleFieldsSchema.shape.itemIds,
    published: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Say what to change.');
export type UpdateBundleBody = z.infer<typeof UpdateBundleBodySchema>;

/** A bundle as its page and card show it; `worth` is what its items cost one by one. */
export const BundleSchema = z.object({
  bundleId: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  worth: z.number(),
  items: z.array(ItemSchema),
});
export type Bundle = z.infer<typeof BundleSchema>;
export const BundleListSchema = z.array(BundleSchema);

/** The owner's view: whether it is published, for sale now (every item published too) and how often it sold. */
export const AdminBundleSchema = BundleSchema.extend({
  published: z.boolean(),
  onSale: z.boolean(),
  sold: z.number().int(),
});
export type AdminBundle = z.infer<typeof AdminBundleSchema>;
export const AdminBundleListSchema = z.array(AdminBundleSchema);

export const bundlePagePath = (bundleId: string) => `/bundles/${bundleId}`;

/**
 * Each item's share of a bundle's price, in cents, in proportion to the items' own prices and
 * adding up to the price exactly (the cents left by rounding down go to the largest remainders).
 * An order for the bundle charges the shares of the items the buyer does not own yet.
 */
export function bundleShares(priceCents: number, itemPricesCents: readonly number[]): number[] {
  const worth = itemPricesCents.reduce((sum, cents) => sum + cents, 0);
  if (worth === 0) return itemPricesCents.map(() => 0);
  const exact = itemPricesCents.map((cents) => (priceCents * cents) / worth);
  const shares = exact.map(Math.floor);
  let left = priceCents - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - shares[index]! }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    shares[index]! += 1;
  }
  return shares;
}

/** The shares of a bundle as the API shows it (in dollars), in cents, item by item. */
export const sharesOf = (bundle: Pick<Bundle, 'price' | 'items'>): number[] =>
  bundleShares(
    dollarsToCents(bundle.price),
    bundle.items.map((item) => dollarsToCents(item.price)),
  );
