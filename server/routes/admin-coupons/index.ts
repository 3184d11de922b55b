import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CouponListSchema,
  CouponParamsSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '#contract/coupons.ts';
import { caller } from '../../http/auth.ts';
import { errorReplies } from '../../http/error-replies.ts';
import type { CouponsService } from '../../services/orders/coupons.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

export const adminCouponRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  app.get(
    '/api/admin/coupons',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every coupon, newest first, with its uses now',
        response: { 200: CouponListSchema, ...errors },
      },
    },
    async () => coupons.list(),
  );

  app.post(
    '/api/admin/coupons',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Makes a coupon: a percentage or an amount off, with an optional expiry, use limits and items or tags',
        body: CreateCouponBodySchema,
        response: { 201: CouponSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await coupons.create(caller(request), request.body)),
  );

  app.patch(
    '/api/admin/coupons/:couponId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Ends a coupon, or starts it again',
        params: CouponParamsSchema,
        body: UpdateCouponBodySchema,
        response: { 200: CouponSchema, ...errors },
      },
    },
    async (request) => coupons.setActive(caller(request), request.params.couponId, request.body.active),
  );
};
