import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProvider } from '../../providers/payment/payment.ts';
import type { CheckoutService } from '../../services/checkout.service.ts';

/** PayPal's event notifications: each is verified with PayPal before anything changes. */
export const webhookRoutes: FastifyPluginAsync<{ checkout: CheckoutService; payments: PaymentProvider }> = async (
  app,
  { checkout, payments },
) => {
  app.post(
    '/api/webhooks/paypal',
    {
      bodyLimit: 256 * 1024,
      schema: { tags: ['webhooks'], summary: 'PayPal webhook events (capture completed, refunded)' },
    },
    async (request, reply) => {
      const event = await payments.verifyWebhook(request.headers, request.body);
      if (!event) return reply.code(400).send({ message: 'The webhook signature could not be verified.' });
      return { status: await checkout.handleWebhook(event) };
    },
  );
};
