import { z } from 'zod';
import { ItemIdSchema } from './item.ts';
import { text } from './text.ts';

/** A coupon's code as shoppers type it: letters, digits and dashes, any case (kept upper-case). */
export const CouponCodeSchema = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'A coupon code is 3 to 32 letters, digits or dashes.');

/** A new coupon, as the owner makes it on /admin/coupons. */
export const CreateCouponBodySchema = z
  .object({
    code: CouponCodeSchema,
    kind: z.enum(['percent', 'amount']),
    /** Percent off (1–100), or dollars off. */
    value: z.number().positive('The discount must be more than zero.'),
    expiresAt: z.iso.datetime().nullable().default(null),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    maxUsesPerCustomer: z.number().int().min(1).max(1000).nullable().default(null),
    itemIds: z.array(ItemIdSchema).min(1).max(200).nullable().default(null),
    tags: z.array(text().trim().toLowerCase().min(1).max(30)).min(1).max(20).nullable().default(null),
  })
  .refine((body) => body.kind === 'amount' || body.value <= 100, {
    message: 'A percentage is at most 100.',
    path: ['value'],
  })
  .refine((body) => body.kind === 'percent' || body.value <= 1000, {
    message: 'An amount is at most $1,000.',
    path: ['value'],
  });
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>;

export const UpdateCouponBodySchema = z.object({ active: z.boolean() });

export const CouponParamsSchema = z.object({ couponId: z.uuid('couponId is not valid') });

/** A coupon as the owner sees it, with how often it is used now (orders being paid or paid). */
export const CouponSchema = z.object({
  couponId: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent off, or dollars off. */
  value: z.number(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  itemIds: z.array(z.string()).nullable(),
  tags: z.array(z.string()).nullable(),
  active: z.boolean(),
  uses: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;
export const CouponListSchema = z.array(CouponSchema);

export const QuoteSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** The coupon applied, and what it takes off, in words. */
  coupon: z.object({ code: z.string(), description: z.string() }).optional(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A coupon's discount in words: '20% off' or '$1.50 off', and what it applies to. */
export function describeCoupon(coupon: Pick<Coupon, 'kind' | 'value' | 'itemIds' | 'tags'>): string {
  const off = coupon.kind === 'percent' ? `${coupon.value}% off` : `$${coupon.value.toFixed(2)} off`;
  if (coupon.tags?.length) return `${off} ${coupon.tags.join(', ')} wallpapers`;
  if (coupon.itemIds?.length) return `${off} ${coupon.itemIds.length === 1 ? 'one wallpaper' : 'some wallpapers'}`;
  return `${off} your order`;
}
