import type {} from '@fastify/rate-limit';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../contract/api.ts';
import { MESSAGES, USER_MESSAGES } from '../../../contract/constants.ts';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  MessageSchema,
  PublicUserSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  ResetPasswordBodySchema,
  VerifyParamsSchema,
  VerifyResultSchema,
} from '../../../contract/users.ts';
import { authGuards, clearSessionCookie, sessionToken, setSessionCookie } from '../../http/auth.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AccountsService } from '../../services/accounts.service.ts';

export interface AuthRateLimits {
  perIp: number;
  perEmail: number;
}

const WINDOW = '10 minutes';

export const userRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; secureCookies: boolean; limits: AuthRateLimits }> = async (
  app,
  { accounts, secureCookies, limits },
) => {
  const { requireUser } = authGuards(app, accounts);
  /**
   * Two limits per route, by address and by the email the request is about. They are checkers
   * from createRateLimit: the plugin runs only one of its own preHandlers per request.
   */
  const limited = (name: string, byEmail = true): preHandlerAsyncHookHandler => {
    const checks = [
      app.createRateLimit({ max: limits.perIp, timeWindow: WINDOW, keyGenerator: (request) => `${name}:ip:${request.ip}` }),
      ...(byEmail
        ? [
            app.createRateLimit({
              max: limits.perEmail,
              timeWindow: WINDOW,
              keyGenerator: (request) => `${name}:email:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
            }),
          ]
        : []),
    ];
    return async (request, reply) => {
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new HttpError(429, USER_MESSAGES.tooManyAttempts);
        }
      }
    };
  };

  app.post(
    '/api/users/register',
    {
      preHandler: limited('register'),
      schema: {
        tags: ['users'],
        summary: 'Creates an unverified account and sends the verification email',
        body: RegisterBodySchema,
        response: { 201: RegisterResultSchema, 400: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.register(request.body)),
  );

  app.post(
    '/api/users/login',
    {
      preHandler: limited('login'),
      schema: {
        tags: ['users'],
        summary: 'Logs in a verified account (session cookie and token); an unverified one gets the email again',
        body: LoginBodySchema,
        response: { 200: LoginResultSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await accounts.login(request.body.email, request.body.password);
      if (outcome.kind === 'invalid') return reply.code(401).send({ message: USER_MESSAGES.invalidCredentials });
      if (outcome.kind === 'unverified') return { needVerified: true as const };
      // A new session at every login; the one this browser had before ends.
      const previous = sessionToken(app, request);
      if (previous) await accounts.endSession(previous.token);
      setSessionCookie(reply, outcome.token, secureCookies);
      return { ...outcome.user, loginSucceed: true as const, token: outcome.token };
    },
  );

  app.post(
    '/api/users/logout',
    { schema: { tags: ['users'], summary: 'Ends the current session on the server' } },
    async (request, reply) => {
      const session = sessionToken(app, request);
      if (session) await accounts.endSession(session.token);
      clearSessionCookie(reply, secureCookies);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/users/me',
    { preHandler: requireUser, schema: { tags: ['users'], summary: 'The current profile', response: { 200: PublicUserSchema, 401: ApiErrorSchema } } },
    async (request) => request.user!,
  );

  app.get(
    '/api/users/:id/verify/:token',
    {
      schema: {
        tags: ['users'],
        summary: "Verifies an account's email with the emailed link (once, within 24 h)",
        params: VerifyParamsSchema,
        response: { 200: VerifyResultSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const verified = await accounts.verify(request.params.id, request.params.token);
      if (!verified) return reply.code(400).send({ message: MESSAGES.verificationExpired });
      return { message: USER_MESSAGES.verified, email: verified.email };
    },
  );

  app.post(
    '/api/users/password/forgot',
    {
      preHandler: limited('forgot'),
      schema: {
        tags: ['users'],
        summary: 'Emails a password reset link (valid 1 h); answers the same whether or not the account exists',
        body: ForgotPasswordBodySchema,
        response: { 200: MessageSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      // Not awaited: waiting for the mail server would tell which addresses have accounts.
      accounts.forgotPassword(request.body.email).catch((error: unknown) => request.log.error({ err: error }, 'reset email failed'));
      return { message: USER_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/api/users/password/reset',
    {
      preHandler: limited('reset', false),
      schema: {
        tags: ['users'],
        summary: 'Sets a new password with an emailed reset token; ends every session of the account',
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { message: USER_MESSAGES.resetDone };
    },
  );
};

