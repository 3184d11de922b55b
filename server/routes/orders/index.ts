import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../contract/api.ts';
import {
  ConfirmTransactionBodySchema,
  CreateOrderBodySchema,
  CreateOrderResultSchema,
  LibrarySchema,
  OrderResultSchema,
} from '../../../contract/orders.ts';
import { authGuards } from '../../http/auth.ts';
import type { AccountsService } from '../../services/accounts.service.ts';
import type { CheckoutService } from '../../services/checkout.service.ts';

const OrderParams = z.object({ orderID: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'orderID is not valid') });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const orderRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService; accounts: AccountsService }> = async (app, { checkout, accounts }) => {
  const { requireUser } = authGuards(app, accounts);

  app.post(
    '/api/orders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Creates an order for the given items, priced by the server (USD, tax 0), and its payment order',
        body: CreateOrderBodySchema,
        response: { 201: CreateOrderResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await checkout.createOrder(request.user!, request.body.itemIds)),
  );

  app.post(
    '/api/orders/:orderID/capture',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Captures an approved payment (idempotent); grants the items once it has COMPLETED for the right amount',
        params: OrderParams,
        response: { 200: OrderResultSchema, 402: ApiErrorSchema, 502: ApiErrorSchema, ...errors },
      },
    },
    async (request) => checkout.capture(request.user!, request.params.orderID),
  );

  app.get(
    '/api/orders/:orderID',
    {
      preHandler: requireUser,
      schema: { tags: ['orders'], summary: "One of the caller's orders, with download links once paid", params: OrderParams, response: { 200: OrderResultSchema, ...errors } },
    },
    async (request) => checkout.orderFor(request.user!, request.params.orderID),
  );

  app.post(
    '/api/items/transaction',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "Confirms the caller's captured order by transactionId; sends the order email if it has not gone (idempotent)",
        body: ConfirmTransactionBodySchema,
        response: { 200: OrderResultSchema, ...errors },
      },
    },
    async (request) => checkout.confirmTransaction(request.user!, request.body.transactionId),
  );

  app.get(
    '/api/library',
    { preHandler: requireUser, schema: { tags: ['orders'], summary: 'Every item the caller owns, with fresh download links', response: { 200: LibrarySchema, 401: ApiErrorSchema } } },
    async (request) => checkout.library(request.user!),
  );
};
