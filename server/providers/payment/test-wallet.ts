import { createHash } from 'node:crypto';
import {
  PaymentError,
  type CaptureResult,
  type PaymentOrder,
  type PaymentProvider,
  type RefundRequest,
} from './payment.ts';
import { CURRENCY } from '#contract/constants.ts';

const NOTE = 'Test payment — no money moves';

/** A stable id from parts, so that repeating a call gives the same answer without keeping state. */
const derived = (prefix: string, ...parts: (string | number)[]) =>
  `${prefix}-${createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 16).toUpperCase()}`;

/**
 * The default without PayPal keys: a wallet that approves at once and moves no money, so the
 * whole checkout runs offline. It keeps no state: the order it creates carries our order id and
 * amount in its own id, so a capture repeated after a restart gives the same answer.
 */
export class TestWallet implements PaymentProvider {
  readonly name = 'test' as const;

  async createOrder(order: PaymentOrder): Promise<string> {
    return `TEST-${order.totalCents}-${order.orderId}`;
  }

  async captureOrder(providerOrderId: string): Promise<CaptureResult> {
    const match = /^TEST-(\d+)-([0-9a-f-]{36})$/.exec(providerOrderId);
    if (!match)
      throw new PaymentError('unknown-order', 'This test payment is not known. Please start the payment again.');
    const amountCents = Number(match[1]);
    const captureId = derived('TESTCAP', providerOrderId);
    return {
      status: 'COMPLETED',
      captureId,
      amountCents,
      currency: CURRENCY,
      raw: { wallet: 'test', note: NOTE, orderId: providerOrderId, captureId },
    };
  }

  async captureStatus(captureId: string): Promise<CaptureResult> {
    return { status: 'COMPLETED', captureId, raw: { wallet: 'test', note: NOTE, captureId } };
  }

  async refund(request: RefundRequest): Promise<{ refundId: string; status: string }> {
    return { refundId: derived('TESTREFUND', request.requestId), status: 'COMPLETED' };
  }

  async verifyWebhook(): Promise<undefined> {
    return undefined;
  }
}
