import { ORDER_MESSAGES } from '#contract/constants.ts';
import { PaymentError, type CaptureResult, type PaymentProvider } from './payment.ts';

/**
 * A public store without a payment provider: checkout is closed (the test wallet would give
 * everything away). Every call refuses; the checkout refuses before it even gets here.
 */
export class NoPayments implements PaymentProvider {
  readonly name = 'none' as const;

  private refuse(): never {
    throw new PaymentError('unavailable', ORDER_MESSAGES.paymentsClosed);
  }

  async createOrder(): Promise<string> {
    this.refuse();
  }

  async captureOrder(): Promise<CaptureResult> {
    this.refuse();
  }

  async captureStatus(): Promise<CaptureResult> {
    this.refuse();
  }

  async refund(): Promise<{ refundId: string; status: string }> {
    this.refuse();
  }

  async verifyWebhook(): Promise<undefined> {
    return undefined;
  }
}
