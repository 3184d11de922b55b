import { z } from 'zod';
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
  status: z.enum(['created', 'capturing', 'pending', 'paid', 'failed', 'refunded']),
  transactionId: z.string().optional(),
  totalPrice: z.number(),
  currency: z.literal('USD'),
  paymentData: z.unknown().optional(),
  /** Download links only once paid. */
  items: z.array(PurchasedItemSchema),
});
export type OrderResult = z.infer<typeof OrderResultSchema>;

export const ConfirmTransactionBodySchema = z.object({ transactionId: z.string().regex(/^\d{8}_\d{4}_[0-9a-f]{8}$/, 'transactionId is not valid') });

export const LibraryEntrySchema = PurchasedItemSchema.extend({ orderId: z.string(), purchasedAt: z.string() });
export const LibrarySchema = z.array(LibraryEntrySchema);
export type LibraryEntry = z.infer<typeof LibraryEntrySchema>;
