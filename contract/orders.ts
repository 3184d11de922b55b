import { z } from 'zod';
import { TIMESTAMP_ID_PATTERN } from './ids.ts';
import { ItemIdSchema } from './item.ts';

export const CreateOrderBodySchema = z.object({
  itemIds: z.array(ItemIdSchema).min(1, 'The cart is empty').max(50, 'At most 50 wallpapers per order'),
});

export const CreateOrderResultSchema = z.object({
  /** The payment provider's order id, which PayPal's buttons expect. */
  id: z.string(),
  orderId: z.string(),
  totalPrice: z.number(),
  provider: z.enum(['paypal', 'test']),
});
export type CreateOrderResult = z.infer<typeof CreateOrderResultSchema>;

export const PurchasedFileSchema = z.object({ name: z.string(), dimensions: z.string(), link: z.string() });

export const PurchasedItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  price: z.number(),
  thumbnail: z.string(),
  downloads: z.array(PurchasedFileSchema),
});
export type PurchasedItem = z.infer<typeof PurchasedItemSchema>;

export const OrderResultSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(['created', 'capturing', 'pending', 'paid', 'failed', 'cancelled', 'refunded']),
  transactionId: z.string().optional(),
  totalPrice: z.number(),
  currency: z.literal('USD'),
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
