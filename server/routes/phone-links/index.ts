import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#contract/api.ts';
import {
  OpenedPhoneLinkSchema,
  PhoneLinkBodySchema,
  PhoneLinkCodeSchema,
  PhoneLinkSchema,
} from '#contract/phone-links.ts';
import { sessionToken } from '../../http/auth.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import type { AccountsService } from '../../services/accounts/accounts.service.ts';
import type { PhoneLinksService } from '../../services/accounts/phone-links.service.ts';
import { DomainError } from '../../shared/errors.ts';

/** Codes one address may make per 10 minutes: plenty for a person, a wall for a script filling the table. */
export const PHONE_LINKS_PER_TEN_MINUTES = 30;

/** 'Send to phone' (decision 029): codes made on a desktop, opened on a phone. */
export const phoneLinkRoutes: FastifyPluginAsyncZod<{
  phoneLinks: PhoneLinksService;
  accounts: AccountsService;
}> = async (app, { phoneLinks, accounts }) => {
  app.post(
    '/api/phone-links',
    {
      preHandler: rateLimited(app, [
        {
          name: 'phone-links:ip',
          max: PHONE_LINKS_PER_TEN_MINUTES,
          timeWindow: '10 minutes',
          key: (request) => request.ip,
        },
      ]),
      schema: {
        tags: ['downloads'],
        summary:
          "A 15-minute link and its QR code that open a wallpaper's download page on a phone; for a paid wallpaper, only its owner gets one",
        body: PhoneLinkBodySchema,
        response: {
          201: PhoneLinkSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Anyone may send a free wallpaper; the owner of a bought one is known by their session.
      const session = sessionToken(app, request);
      const user = session && (await accounts.userForSession(session.token));
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await phoneLinks.create(request.body, user?.uid));
    },
  );

  app.get(
    '/api/phone-links/:code',
    {
      schema: {
        tags: ['downloads'],
        summary: 'What a send-to-phone link opens: the item, its file and the screen chosen (404 unknown, 410 expired)',
        params: PhoneLinkCodeSchema,
        response: { 200: OpenedPhoneLinkSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 410: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return phoneLinks.open(request.params.code);
    },
  );

  // The address in the QR code: short, and on to the download page, which says what is wrong if anything is
  // (a malformed code included: the page asks for it and shows the refusal).
  app.get(
    '/p/:code',
    {
      attachValidation: true,
      schema: {
        tags: ['pages'],
        summary: "A send-to-phone QR code's address: on to the wallpaper's download page (302)",
        params: PhoneLinkCodeSchema,
      },
    },
    async (request, reply) => {
      const code = encodeURIComponent(request.params.code);
      if (request.validationError) return reply.redirect(`/download/link?phone=${code}`, 302);
      try {
        const opened = await phoneLinks.open(request.params.code);
        return reply.redirect(`/download/${opened.itemId}?phone=${code}`, 302);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return reply.redirect(`/download/link?phone=${code}`, 302);
      }
    },
  );
};
