import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '#contract/users.ts';
import { USER_MESSAGES } from '#contract/constants.ts';
import type { AccountsService } from '../services/accounts/accounts.service.ts';
import { SESSION_IDLE_MS } from '../shared/constants.ts';
import { DomainError } from '../shared/errors.ts';

export const SESSION_COOKIE = 'pw_session';

/** Who may call a route: any logged-in user, or administrators only. Public routes leave it out. */
export type Access = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes with `config.access`, before anything else of the request is read. */
    user?: PublicUser;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The OpenAPI security scheme that guarded routes name; `x-access` says which role. */
export const SESSION_SECURITY_SCHEME = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /api/users/login, as `Authorization: Bearer` or the pw_session cookie.',
  },
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token of a request: `Authorization: Bearer` (mobile apps) or the cookie (web). */
export function sessionToken(
  app: FastifyInstance,
  request: FastifyRequest,
): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.headers.cookie ? app.parseCookie(request.headers.cookie)[SESSION_COOKIE] : undefined;
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * CSRF defence for cookie sessions: a state change must come from an origin we trust, which is
 * the store's own (PUBLIC_URL, or the host the request was addressed to) or one listed in
 * CORS_ORIGINS. A request without an Origin is refused only when a cookie is what would
 * authenticate it (browsers always send Origin on such requests; API clients use Bearer).
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string; trustedOrigins: readonly string[] },
): void {
  const trusted = new Set([new URL(options.publicUrl).origin, ...options.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const sameHost = URL.canParse(origin) && new URL(origin).host === request.headers.host;
      if (!trusted.has(origin) && !sameHost) throw new DomainError('forbidden', USER_MESSAGES.crossSite);
      return;
    }
    if (sessionToken(app, request)?.via === 'cookie') throw new DomainError('forbidden', USER_MESSAGES.crossSite);
  });
}

/**
 * Routes say who may call them with `config: { access }`. The check runs in onRequest, before
 * the body is parsed or anything validated, so a caller who may not use a route learns nothing
 * of what it expects: 401 without a valid session, 403 for a non-administrator on an admin
 * route. The access level is also written into the route's OpenAPI entry.
 */
export function registerAccessControl(app: FastifyInstance, accounts: AccountsService): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    route.schema = { ...route.schema, security: [{ session: [] }], 'x-access': access } as typeof route.schema;
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const session = sessionToken(app, request);
    const user = session && (await accounts.userForSession(session.token));
    if (!user) throw new DomainError('unauthenticated', USER_MESSAGES.loginRequired);
    if (access === 'admin' && !user.isAdmin) throw new DomainError('forbidden', USER_MESSAGES.adminOnly);
    request.user = user;
    // Answers for a signed-in caller (orders with download links, the profile) are never cached.
    reply.header('cache-control', 'no-store');
  });
}

/** The caller of a route with `config.access`: set by the access check before the handler runs. */
export function caller(request: FastifyRequest): PublicUser {
  if (!request.user) throw new Error(`${request.routeOptions.url} has no config.access but reads the caller`);
  return request.user;
}
