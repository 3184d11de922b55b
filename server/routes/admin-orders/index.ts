import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderParamsSchema,
  AdminOrderSchema,
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  EmailAgainBodySchema,
  RefundBodySchema,
} from '#contract/admin-orders.ts';
import { caller } from '../../http/auth.ts';
import { errorReplies } from '../../http/error-replies.ts';
import type { AdminOrdersService } from '../../services/orders/admin-orders.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

export const adminOrderRoutes: FastifyPluginAsyncZod<{ adminOrders: AdminOrdersService }> = async (
  app,
  { adminOrders },
) => {
  app.get(
    '/api/admin/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Orders, newest first, found by transaction id, order id, PayPal's order id or the buyer's email",
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersPageSchema, ...errors },
      },
    },
    async (request) => adminOrders.list(request.query),
  );

  app.get(
    '/api/admin/orders/:orderId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One order with its buyer, lines, payment, refunds and the emails sent about it',
        params: AdminOrderParamsSchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (request) => adminOrders.detail(request.params.orderId),
  );

  app.post(
    '/api/admin/orders/:orderId/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Refunds the whole order or the lines named, through the payment provider; their downloads stop and the buyer is told',
        params: AdminOrderParamsSchema,
        body: RefundBodySchema,
        response: { 202: AdminOrderSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await adminOrders.refund(caller(request), request.params.orderId, request.body.itemIds)),
  );

  app.post(
    '/api/admin/orders/:orderId/email-again',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Sends the order email with fresh links once more (once per pressId)',
        params: AdminOrderParamsSchema,
        body: EmailAgainBodySchema,
        response: { 202: AdminOrderSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await adminOrders.emailAgain(caller(request), request.params.orderId, request.body.pressId)),
  );
};
