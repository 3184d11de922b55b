import { z } from 'zod';
import { CURRENCY } from './constants.ts';
import { ItemIdSchema } from './item.ts';
import { OrderResultSchema } from './orders.ts';
import { text } from './text.ts';

/** How many orders a page of the admin's order list shows. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/**
 * The admin's order lookup: by transaction id, our order id, the provider's order id, or the
 * buyer's email (exact); newest first. Without `q`, the newest orders.
 */
export const AdminOrdersQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_ORDERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

const OrderStatusSchema = OrderResultSchema.shape.status;

export const AdminOrderSummarySchema = z.object({
  orderId: z.string(),
  transactionId: z.string().nullable(),
  providerOrderId: z.string().nullable(),
  status: OrderStatusSchema,
  email: z.string(),
  totalPrice: z.number(),
  currency: z.literal(CURRENCY),
  /** The coupon the order was priced with, and what it took off. */
  coupon: z.string().nullable(),
  discount: z.number(),
  itemCount: z.number().int(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrdersPageSchema = z.object({ orders: z.array(AdminOrderSummarySchema), total: z.number().int() });
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

/** A line and where it stands: held by the buyer, refunded, being refunded, or not granted (the buyer owned it). */
export const AdminOrderLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  /** What the buyer paid for it: its price less `discount`, its share of the coupon. */
  price: z.number(),
  discount: z.number(),
  state: z.enum(['held', 'refunding', 'refunded', 'not-granted']),
  /** The bundle it was bought in, at its share of the bundle's price (decision 045). */
  bundle: z.string().nullable(),
});
export type AdminOrderLine = z.infer<typeof AdminOrderLineSchema>;

export const AdminRefundSchema = z.object({
  refundId: z.string(),
  amount: z.number(),
  /** owner: asked for here; provider: made in the provider's own dashboard. */
  origin: z.enum(['owner', 'provider']),
  status: z.enum(['requested', 'completed', 'failed']),
  requestedBy: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/** An email about the order, as the outbox holds it. */
export const AdminOrderEmailSchema = z.object({
  kind: z.enum(['order-email', 'refund-email']),
  status: z.enum(['queued', 'running', 'failed', 'done']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  doneAt: z.iso.datetime().nullable(),
});
export type AdminOrderEmail = z.infer<typeof AdminOrderEmailSchema>;

export const AdminOrderSchema = AdminOrderSummarySchema.extend({
  buyer: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  provider: z.enum(['paypal', 'test']),
  captureId: z.string().nullable(),
  failureReason: z.string().nullable(),
  lines: z.array(AdminOrderLineSchema),
  refunds: z.array(AdminRefundSchema),
  emails: z.array(AdminOrderEmailSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderParamsSchema = z.object({ orderId: z.uuid('orderId is not valid') });

/** A refund of the whole order, or of the lines named. */
export const RefundBodySchema = z.object({
  itemIds: z.array(ItemIdSchema).min(1).max(50).optional(),
});
export type RefundBody = z.infer<typeof RefundBodySchema>;

/** One press of "Send the email again": repeating the same press sends once. */
export const EmailAgainBodySchema = z.object({ pressId: z.uuid('pressId is not valid') });
export type EmailAgainBody = z.infer<typeof EmailAgainBodySchema>;
