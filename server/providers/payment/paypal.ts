import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import {
  PaymentError,
  type CaptureResult,
  type PaymentOrder,
  type PaymentProvider,
  type RefundRequest,
  type WebhookEvent,
} from './payment.ts';
import { CURRENCY } from '#contract/constants.ts';

interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** The id of our webhook at PayPal, which signature verification asks for. */
  webhookId?: string | undefined;
}

const money = (cents: number) => ({ currency_code: CURRENCY, value: centsToDollars(cents).toFixed(2) });

interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: { currency_code?: string; value?: string };
}

function toCaptureResult(capture: PayPalCapture | undefined, raw: unknown): CaptureResult {
  const status =
    capture?.status === 'COMPLETED' || capture?.status === 'PENDING'
      ? capture.status
      : capture?.status === 'DECLINED'
        ? 'DECLINED'
        : 'FAILED';
  return {
    status,
    captureId: capture?.id,
    amountCents: capture?.amount?.value ? dollarsToCents(Number(capture.amount.value)) : undefined,
    currency: capture?.amount?.currency_code,
    raw,
  };
}

/** What PayPal signs every webhook delivery with; all of them are needed to verify one. */
const TRANSMISSION_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
];

/** PayPal Orders v2 over HTTPS, server to server. */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private token: { value: string; expiresAt: number } | undefined;
  private readonly options: PayPalOptions;

  constructor(options: PayPalOptions) {
    this.options = options;
  }

  async createOrder(order: PaymentOrder): Promise<string> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.orderId,
          amount: {
            ...money(order.totalCents),
            breakdown: {
              item_total: money(order.totalCents + order.discountCents),
              ...(order.discountCents > 0 && { discount: money(order.discountCents) }),
            },
          },
          items: order.lines.map((line) => ({
            name: line.name.slice(0, 127),
            sku: line.itemId,
            quantity: '1',
            category: 'DIGITAL_GOODS',
            unit_amount: money(line.priceCents),
          })),
        },
      ],
    };
    const created = await this.call<{ id: string }>('POST', '/v2/checkout/orders', body, `create-${order.orderId}`);
    return created.id;
  }

  async captureOrder(providerOrderId: string, orderId: string): Promise<CaptureResult> {
    const answer = await this.call<{ purchase_units?: { payments?: { captures?: PayPalCapture[] } }[] }>(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`,
      {},
      `capture-${orderId}`,
    );
    return toCaptureResult(answer.purchase_units?.[0]?.payments?.captures?.[0], answer);
  }

  async captureStatus(captureId: string): Promise<CaptureResult> {
    const capture = await this.call<PayPalCapture>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
    return toCaptureResult(capture, capture);
  }

  async refund(request: RefundRequest): Promise<{ refundId: string; status: string }> {
    const refund = await this.call<{ id: string; status: string }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(request.captureId)}/refund`,
      { amount: money(request.amountCents), note_to_payer: request.note.slice(0, 255) },
      request.requestId,
    );
    return { refundId: refund.id, status: refund.status };
  }

  async verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<WebhookEvent | undefined> {
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    // A request without PayPal's signature headers is no delivery: it costs no call to PayPal.
    if (!this.options.webhookId || TRANSMISSION_HEADERS.some((name) => !header(name))) return undefined;
    const verification = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: this.options.webhookId,
        webhook_event: body,
      },
    );
    if (verification.verification_status !== 'SUCCESS') return undefined;
    const event = body as {
      id?: string;
      event_type?: string;
      resource?: { id?: string; custom_id?: string; links?: { rel?: string; href?: string }[] };
    };
    if (!event.id || !event.event_type) return undefined;
    // A refund's resource is the refund; its "up" link names the capture it refunds.
    const refunded = event.resource?.links?.find((link) => link.rel === 'up')?.href?.match(/\/captures\/([^/]+)$/)?.[1];
    return {
      id: event.id,
      type: event.event_type,
      captureId: event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? refunded : event.resource?.id,
      orderId: event.resource?.custom_id,
      ...(event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && { refundId: event.resource?.id }),
    };
  }

  /** An OAuth access token (client credentials), reused until shortly before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await fetch(`${this.options.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    }).catch(() => undefined);
    if (!response?.ok)
      throw new PaymentError('unavailable', 'PayPal could not be reached. Please try again in a moment.');
    const { access_token: value, expires_in: expiresIn } = (await response.json()) as {
      access_token: string;
      expires_in: number;
    };
    this.token = { value, expiresAt: Date.now() + Math.max(expiresIn - 60, 0) * 1000 };
    return value;
  }

  private async call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const response = await fetch(`${this.options.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        ...(requestId && { 'paypal-request-id': requestId }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    }).catch(() => undefined);
    if (!response) throw new PaymentError('unavailable', 'PayPal could not be reached. Please try again in a moment.');
    const answer = (await response.json().catch(() => ({}))) as T & { details?: { issue?: string }[] };
    if (response.ok) return answer;
    const issue = answer.details?.[0]?.issue;
    if (issue === 'ORDER_NOT_APPROVED')
      throw new PaymentError('not-approved', 'The payment has not been approved in PayPal yet.');
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED')
      throw new PaymentError('declined', 'PayPal declined the payment. Please try another way to pay.');
    if (response.status === 404)
      throw new PaymentError('unknown-order', 'PayPal does not know this order. Please start the payment again.');
    // Unprocessable: asking again gives the same answer (a refund of more than is left, for one).
    if (response.status === 422) throw new PaymentError('declined', `PayPal refused it (${issue ?? 'unprocessable'}).`);
    throw new PaymentError('unavailable', `PayPal answered ${response.status}${issue ? ` (${issue})` : ''}.`);
  }
}
