import type { CURRENCY } from '#contract/constants.ts';

export interface PaymentOrder {
  /** Our order id: the provider keeps it as custom_id, and request ids derive from it. */
  orderId: string;
  /** What the buyer pays: the lines' prices less `discountCents` (a coupon). */
  totalCents: number;
  discountCents: number;
  currency: typeof CURRENCY;
  lines: { itemId: string; name: string; priceCents: number }[];
}

export interface CaptureResult {
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED';
  captureId?: string | undefined;
  amountCents?: number | undefined;
  currency?: string | undefined;
  /** The provider's answer, stored as the transaction's paymentData. */
  raw: unknown;
}

export class PaymentError extends Error {
  readonly reason: 'not-approved' | 'declined' | 'unavailable' | 'unknown-order';
  constructor(reason: PaymentError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The capture the event is about, and our order id where the provider echoes it. */
  captureId?: string | undefined;
  orderId?: string | undefined;
  /** For a refund event, the refund's own id. */
  refundId?: string | undefined;
}

export interface RefundRequest {
  captureId: string;
  amountCents: number;
  currency: typeof CURRENCY;
  /** Our id for this refund: repeating the request with it refunds once. */
  requestId: string;
  /** Shown to the buyer by the provider. */
  note: string;
}

/** A payment provider: PayPal when configured, the local test wallet otherwise. */
export interface PaymentProvider {
  readonly name: 'paypal' | 'test' | 'none';
  /** Creates the provider's order for the amount we computed; returns its id. */
  createOrder(order: PaymentOrder): Promise<string>;
  /**
   * Captures an approved order. Repeating it for one order gives the same answer, which is how
   * a capture cut off by a crash is finished.
   */
  captureOrder(providerOrderId: string, orderId: string): Promise<CaptureResult>;
  /** The state of a capture now: how a PENDING one is followed when no webhook says it. */
  captureStatus(captureId: string): Promise<CaptureResult>;
  /** Returns part or all of a capture to the buyer; idempotent by `requestId`. */
  refund(request: RefundRequest): Promise<{ refundId: string; status: string }>;
  /** Checks a webhook delivery's signature with the provider; undefined when it is not genuine. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<WebhookEvent | undefined>;
}
