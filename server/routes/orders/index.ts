import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#contract/api.ts';
import { QuoteSchema } from '#contract/coupons.ts';
import {
  ConfirmTransactionBodySchema,
  CreateOrderBodySchema,
  QuoteBodySchema,
  CreateOrderResultSchema,
  LibrarySchema,
  OrderRefParamsSchema,
  OrderResultSchema,
} from '#contract/orders.ts';
import { caller } from '../../http/auth.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import type { CheckoutService } from '../../services/orders/checkout.service.ts';
import { errorReplies } from '../../http/error-replies.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

export const orderRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService; ordersPerTenMinutes: number }> = async (
  app,
  { checkout, ordersPerTenMinutes },
) => {
  // Each order reaches the payment provider: a shopper cannot make it do so without end.
  const limitOrders = rateLimited(app, [
    { name: 'orders:user', max: ordersPerTenMinutes, timeWindow: '10 minutes', key: (request) => caller(request).uid },
  ]);

  app.post(
    '/api/orders',
    {
      config: { access: 'user' },
      preHandler: limitOrders,
      schema: {
        tags: ['orders'],
        summary:
          'Creates an order for the given items and bundle, priced by the server (USD, tax 0), and its payment order',
        body: CreateOrderBodySchema,
        response: { 201: CreateOrderResultSchema, 429: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await checkout.createOrder(caller(request), request.body)),
  );

  // Each quote may try a coupon code: guessing codes is held back like placing orders.
  const limitQuotes = rateLimited(app, [
    { name: 'quotes:user', max: 60, timeWindow: '10 minutes', key: (request) => caller(request).uid },
  ]);
  app.post(
    '/api/orders/quote',
    {
      config: { access: 'user' },
      preHandler: limitQuotes,
      schema: {
        tags: ['orders'],
        summary:
          "The server's price of these items and bundle with a coupon code, as an order would have it (nothing is created)",
        body: QuoteBodySchema,
        response: { 200: QuoteSchema, 429: ApiErrorSchema, ...errors },
      },
    },
    async (request) => checkout.quote(caller(request), request.body),
  );

  app.post(
    '/api/orders/:orderID/capture',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Captures an approved payment (idempotent); grants the items once it has COMPLETED for the right amount. orderID is the orderId or the providerOrderId',
        params: OrderRefParamsSchema,
        response: { 200: OrderResultSchema, 402: ApiErrorSchema, 502: ApiErrorSchema, ...errors },
      },
    },
    async (request) => checkout.capture(caller(request), request.params.orderID),
  );

  app.get(
    '/api/orders/:orderID',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "One of the caller's orders (by orderId or providerOrderId), with download links once paid",
        params: OrderRefParamsSchema,
        response: { 200: OrderResultSchema, ...errors },
      },
    },
    async (request) => checkout.orderFor(caller(request), request.params.orderID),
  );

  app.post(
    '/api/items/transaction',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "Confirms the caller's captured order by transactionId; sends the order email if it has not gone (idempotent)",
        body: ConfirmTransactionBodySchema,
        response: { 200: OrderResultSchema, ...errors },
      },
    },
    async (request) => checkout.confirmTransaction(caller(request), request.body.transactionId),
  );

  app.get(
    '/api/library',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Every item the caller owns, with fresh download links',
        response: { 200: LibrarySchema, 401: ApiErrorSchema },
      },
    },
    async (request) => checkout.library(caller(request)),
  );
};
