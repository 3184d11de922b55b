import { randomBytes } from 'node:crypto';
import { PaymentError, type CaptureResult, type PaymentOrder, type PaymentProvider } from './payment.ts';

/**
 * The default without PayPal keys: a wallet that approves at once and moves no money, so the
 * whole checkout runs offline. Orders live in this process's memory until captured.
 */
export class TestWallet implements PaymentProvider {
  readonly name = 'test' as const;
  private readonly open = new Map<string, PaymentOrder>();
  private readonly captured = new Map<string, CaptureResult>();

  async createOrder(order: PaymentOrder): Promise<string> {
    const id = `TEST-${randomBytes(8).toString('hex').toUpperCase()}`;
    this.open.set(id, order);
    return id;
  }

  async captureOrder(providerOrderId: string): Promise<CaptureResult> {
    const done = this.captured.get(providerOrderId);
    if (done) return done;
    const order = this.open.get(providerOrderId);
    if (!order) throw new PaymentError('unknown-order', 'This test payment has expired. Please start the payment again.');
    const result: CaptureResult = {
      status: 'COMPLETED',
      captureId: `TESTCAP-${randomBytes(8).toString('hex').toUpperCase()}`,
      amountCents: order.totalCents,
      currency: order.currency,
      raw: { wallet: 'test', note: 'Test payment — no money moves', orderId: providerOrderId },
    };
    this.open.delete(providerOrderId);
    this.captured.set(providerOrderId, result);
    return result;
  }

  async verifyWebhook(): Promise<undefined> {
    return undefined;
  }
}
