import { z } from 'zod';
import { CURRENCY } from './constants.ts';
import { TIMESTAMP_ID_PATTERN } from './ids.ts';
import { BundleIdSchema } from './bundles.ts';
import { CouponCodeSchema } from './coupons.ts';
import { ItemIdSchema } from './item.ts';

/** What a shopper buys (wallpapers from the cart, a bundle, or both) and with which coupon. */
export const PurchaseSchema = z
  .object({
    itemIds: z.array(ItemIdSchema).max(50, 'At most 50 wallpapers per order').default([]),
    bundleId: BundleIdSchema.optional(),
    /** A coupon code; the server prices it, whatever the browser shows. */
    coupon: CouponCodeSchema.optional(),
  })
  .refine((body) => body.itemIds.length > 0 || body.bundleId !== undefined, {
    message: 'The cart is empty',
    path: ['itemIds'],
  });
export type Purchase = z.input<typeof PurchaseSchema>;

export const CreateOrderBodySchema = PurchaseSchema;
/** What the payment page asks before paying: the server's price of this purchase. */
export const QuoteBodySchema = PurchaseSchema;

/**
 * Two ids name an order: `orderId` is ours (download links, the library and the success page use
 * it) and `providerOrderId` is the payment provider's. `id` repeats the provider's, the name the
 * spec and PayPal's buttons use.
 */
const OrderIdsSchema = z.object({
  orderId: z.string(),
  providerOrderId: z.string().nullable(),
  /** Same as providerOrderId, kept for the original store's clients and PayPal's buttons. */
  id: z.string().nullable(),
});

/** `/api/orders/{orderID}` takes either id: ours (a UUID) or the provider's (the original store's path). */
export const OrderRefParamsSchema = z.object({
  orderID: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'orderID is not valid'),
});

export const CreateOrderResultSchema = OrderIdsSchema.extend({
  providerOrderId: z.string(),
  id: z.string(),
  totalPrice: z.number(),
  provider: z.enum(['paypal', 'test']),
});
export type CreateOrderResult = z.infer<typeof CreateOrderResultSchema>;

export const PurchasedFileSchema = z.object({ name: z.string(), dimensions: z.string(), link: z.string() });
export type PurchasedFile = z.infer<typeof PurchasedFileSchema>;

export const PurchasedItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  price: z.number(),
  thumbnail: z.string(),
  downloads: z.array(PurchasedFileSchema),
});
export type PurchasedItem = z.infer<typeof PurchasedItemSchema>;

export const OrderResultSchema = OrderIdsSchema.extend({
  status: z.enum(['created', 'capturing', 'pending', 'paid', 'failed', 'cancelled', 'refunded']),
  transactionId: z.string().optional(),
  totalPrice: z.number(),
  currency: z.literal(CURRENCY),
  paymentData: z.unknown().optional(),
  /** Download links only once paid, and only for items this order granted. */
  items: z.array(PurchasedItemSchema),
  /** Items of the order whose price went back because the buyer already owned them. */
  refundedItemIds: z.array(z.string()),
});
export type OrderResult = z.infer<typeof OrderResultSchema>;

export const ConfirmTransactionBodySchema = z.object({
  transactionId: z.string().regex(TIMESTAMP_ID_PATTERN, 'transactionId is not valid'),
});

export const LibraryEntrySchema = PurchasedItemSchema.extend({ orderId: z.string(), purchasedAt: z.string() });
export const LibrarySchema = z.array(LibraryEntrySchema);
export type LibraryEntry = z.infer<typeof LibraryEntrySchema>;
