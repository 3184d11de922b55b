import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REVIEW_FILTERS, ReviewEntryDetailSchema, ReviewListItemSchema } from '#contract/review.ts';
import { REVIEW_MESSAGES } from '#contract/constants.ts';
import { DomainError } from '../../shared/errors.ts';
import { readingMultipart, refuseDeclaredOver } from '../../http/multipart.ts';
import { sendObject } from '../../http/send-object.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { SOURCES_PER_REQUEST, type UploadsService } from '../../services/items/uploads.service.ts';
import type { WaitingListService } from '../../services/items/waiting-list.service.ts';
import { errorReplies } from '../../http/error-replies.ts';
import type { PublicUser } from '#contract/users.ts';
import { caller } from '../../http/auth.ts';

const IdParams = z.object({ id: z.uuid('id is not valid') });
const ActionResult = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.literal(200),
  data: ReviewListItemSchema.optional(),
});
const errors = errorReplies(400, 401, 403, 404, 409);

export const reviewRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService;
  waitingList: WaitingListService;
  storage: Storage;
  onQueued: () => void;
}> = async (app, { uploads, waitingList, storage, onQueued }) => {
  app.post(
    '/api/items/waiting',
    {
      config: { access: 'admin' },
      preHandler: refuseDeclaredOver(() => uploads.maxSourcesBytes()),
      schema: {
        tags: ['review'],
        summary: "Adds source images (multipart, any number of 'file' parts) to the waiting list",
        response: { 201: z.array(ReviewListItemSchema), ...errors, ...errorReplies(413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('invalid', 'Send the images as multipart/form-data.');
      const files = request.files({ limits: { files: SOURCES_PER_REQUEST, fileSize: uploads.maxBytes('image') } });
      const added = await readingMultipart(() =>
        waitingList.addUploads(
          (async function* () {
            for await (const part of files)
              yield { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated };
          })(),
        ),
      );
      onQueued();
      return reply.code(201).send(added);
    },
  );

  app.get(
    '/api/items/waiting/list/:filter',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['review'],
        summary: 'The waiting list: all, reviewed or not-reviewed, newest first',
        params: z.object({ filter: z.enum(REVIEW_FILTERS) }),
        response: { 200: z.array(ReviewListItemSchema), ...errors },
      },
    },
    async (request) => waitingList.list(request.params.filter),
  );

  app.get(
    '/api/items/waiting/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['review'],
        summary: 'One entry with its draft (name, tags, price, free flag) for the detail view',
        params: IdParams,
        response: { 200: ReviewEntryDetailSchema, ...errors },
      },
    },
    async (request) => waitingList.detail(request.params.id),
  );

  app.get(
    '/api/items/waiting/:id/source',
    {
      config: { access: 'admin' },
      schema: { tags: ['review'], summary: 'The source image of an entry', params: IdParams },
    },
    async (request, reply) =>
      sendObject(request, reply, storage, (await waitingList.get(request.params.id)).sourceKey, {
        cacheControl: 'private, max-age=300',
      }),
  );

  const action = (
    path: string,
    summary: string,
    run: (id: string, actor: PublicUser) => Promise<unknown>,
    message: string,
  ) =>
    app.patch(
      `/api/items/waiting/${path}/:id`,
      {
        config: { access: 'admin' },
        schema: { tags: ['review'], summary, params: IdParams, response: { 200: ActionResult, ...errors } },
      },
      async (request) => {
        const data = await run(request.params.id, caller(request));
        return {
          success: true as const,
          message,
          status: 200 as const,
          ...(data ? { data: data as z.infer<typeof ReviewListItemSchema> } : {}),
        };
      },
    );
  action(
    'reviewed',
    'Publishes the draft (400 without one; an entry is reviewed once)',
    (id, actor) => waitingList.markReviewed(id, actor),
    REVIEW_MESSAGES.reviewed,
  );
  action(
    'redo',
    'Discards the draft and puts the source at the front of the queue',
    async (id, actor) => {
      const reset = await waitingList.redo(id, actor);
      onQueued();
      return reset;
    },
    REVIEW_MESSAGES.reset,
  );
  action(
    'delete',
    'Removes the source, the draft and the entry',
    (id, actor) => waitingList.remove(id, actor),
    REVIEW_MESSAGES.deleted,
  );
};
