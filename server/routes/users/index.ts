import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#contract/api.ts';
import { MESSAGES, USER_MESSAGES } from '#contract/constants.ts';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  MessageSchema,
  PhoneScreenBodySchema,
  PublicUserSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  ResetPasswordBodySchema,
  VerifyParamsSchema,
  VerifyResultSchema,
} from '#contract/users.ts';
import { caller, clearSessionCookie, sessionToken, setSessionCookie } from '../../http/auth.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import type { AccountsService } from '../../services/accounts/accounts.service.ts';
import { DomainError } from '../../shared/errors.ts';

export interface AuthRateLimits {
  perIp: number;
  perEmail: number;
}

const WINDOW = '10 minutes';

export const userRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  secureCookies: boolean;
  limits: AuthRateLimits;
}> = async (app, { accounts, secureCookies, limits }) => {
  /**
   * Register, forgot and reset are limited per address and per the email a request is about.
   * Login has limits of its own that count only failures (LoginThrottle).
   */
  const limited = (name: string, byEmail = true) =>
    rateLimited(app, [
      { name: `${name}:ip`, max: limits.perIp, timeWindow: WINDOW, key: (request) => request.ip },
      ...(byEmail
        ? [
            {
              name: `${name}:email`,
              max: limits.perEmail,
              timeWindow: WINDOW,
              key: (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email ?? '',
            },
          ]
        : []),
    ]);

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
      schema: {
        tags: ['users'],
        summary:
          'Logs in a verified account (session cookie and token); an unverified one gets the email again. Failed attempts are limited per account and address.',
        body: LoginBodySchema,
        response: { 200: LoginResultSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer may carry a session token: no cache keeps it.
      reply.header('cache-control', 'no-store');
      const outcome = await accounts.login(request.body.email, request.body.password, request.ip);
      if (outcome.kind === 'throttled') {
        reply.header('retry-after', outcome.retryAfterSeconds);
        throw new DomainError('too-many-requests', USER_MESSAGES.tooManyAttempts);
      }
      if (outcome.kind === 'invalid') throw new DomainError('unauthenticated', USER_MESSAGES.invalidCredentials);
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
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The current profile',
        response: { 200: PublicUserSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => caller(request),
  );

  app.put(
    '/api/users/me/phone',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Keeps the screen phone files are made for on the account',
        body: PhoneScreenBodySchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await accounts.setPhoneScreen(caller(request).uid, request.body.screen);
      return reply.code(204).send(null);
    },
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
      // The answer names the account's email: no cache keeps it.
      reply.header('cache-control', 'no-store');
      const verified = await accounts.verify(request.params.id, request.params.token);
      if (!verified) throw new DomainError('invalid', MESSAGES.verificationExpired);
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
      accounts
        .forgotPassword(request.body.email)
        .catch((error: unknown) => request.log.error({ err: error }, 'reset email failed'));
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
