import type { FastifyPluginAsync } from 'fastify';
import { rateLimited } from '../../http/rate-limits.ts';
import type { PaymentProvider } from '../../providers/payment/payment.ts';
import type { CheckoutService } from '../../services/orders/checkout.service.ts';
import { DomainError } from '../../shared/errors.ts';

/**
 * Deliveries one address may send per minute: PayPal sends far fewer, and each one costs a call
 * to PayPal to verify it.
 */
export const WEBHOOKS_PER_MINUTE = 120;

/** PayPal's event notifications: each is verified with PayPal before anything changes. */
export const webhookRoutes: FastifyPluginAsync<{ checkout: CheckoutService; payments: PaymentProvider }> = async (
  app,
  { checkout, payments },
) => {
  app.post(
    '/api/webhooks/paypal',
    {
      bodyLimit: 256 * 1024,
      preHandler: rateLimited(app, [
        { name: 'webhooks:ip', max: WEBHOOKS_PER_MINUTE, timeWindow: '1 minute', key: (request) => request.ip },
      ]),
      schema: { tags: ['webhooks'], summary: 'PayPal webhook events (capture completed, refunded)' },
    },
    async (request) => {
      const event = await payments.verifyWebhook(request.headers, request.body);
      if (!event) throw new DomainError('invalid', 'The webhook signature could not be verified.');
      return { status: await checkout.handleWebhook(event) };
    },
  );
};
