import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { PublicUser } from '../../contract/users.ts';
import { USER_MESSAGES } from '../../contract/constants.ts';
import { SESSION_IDLE_MS, type AccountsService } from '../services/accounts.service.ts';
import { HttpError } from './http-error.ts';

export const SESSION_COOKIE = 'pw_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin. */
    user?: PublicUser;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token of a request: `Authorization: Bearer` (mobile apps) or the cookie (web). */
export function sessionToken(app: FastifyInstance, request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.headers.cookie ? app.parseCookie(request.headers.cookie)[SESSION_COOKIE] : undefined;
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_IDLE_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * CSRF defence for cookie sessions: a state change must come from our own origin. A request
 * with a foreign Origin is refused; one without an Origin is refused only when a cookie is what
 * would authenticate it (browsers always send Origin on such requests; API clients use Bearer).
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const sameHost = URL.canParse(origin) && new URL(origin).host === request.headers.host;
      if (origin !== publicOrigin && !sameHost) throw new HttpError(403, USER_MESSAGES.crossSite);
      return;
    }
    if (sessionToken(app, request)?.via === 'cookie') throw new HttpError(403, USER_MESSAGES.crossSite);
  });
}

/** preHandlers: 401 without a valid session; requireAdmin also 403 for non-administrators. */
export function authGuards(app: FastifyInstance, accounts: AccountsService) {
  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const session = sessionToken(app, request);
    const user = session && (await accounts.userForSession(session.token));
    if (!user) throw new HttpError(401, USER_MESSAGES.loginRequired);
    request.user = user;
  };
  const requireAdmin: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    if (!request.user?.isAdmin) throw new HttpError(403, USER_MESSAGES.adminOnly);
  };
  return { requireUser, requireAdmin };
}
