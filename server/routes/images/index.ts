import type { FastifyPluginAsync } from 'fastify';
import { sendObject } from '../../http/send-object.ts';
import type { RemembersAnswers } from '../../http/send-prepared.ts';
import { IMMUTABLE_CACHE } from '../../shared/constants.ts';
import { assertSafeKey, isContentAddressed, PUBLIC_PREFIX, type Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';

/** Public files (thumbnails, previews) at `/images/...`, the original store's image path. */
export const imageRoutes: FastifyPluginAsync<{ storage: Storage; front?: RemembersAnswers }> = async (
  app,
  { storage, front },
) => {
  // Public, immutable files: Helmet's per-request work is skipped here as on the catalogue JSON.
  app.get<{ Params: { '*': string } }>(
    '/images/*',
    { helmet: false, schema: { hide: true } },
    async (request, reply) => {
      const key = `${PUBLIC_PREFIX}${request.params['*']}`;
      try {
        assertSafeKey(key);
      } catch {
        throw new DomainError('not-found', 'File not found');
      }
      return sendObject(request, reply, storage, key, {
        cacheControl: isContentAddressed(key) ? IMMUTABLE_CACHE : 'public, max-age=300',
        front,
      });
    },
  );
};
