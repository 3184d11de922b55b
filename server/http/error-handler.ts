import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../shared/errors.ts';
import { STATUS_OF } from './error-status.ts';

/** A validation failure in words: each field with what is wrong with it. */
function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  return error.message;
}

/**
 * The one way errors become answers: a domain error gets its kind's status and its message, a
 * request that fails validation 400 with what is wrong, anything else 500 with a reference to
 * the logged request and nothing of the cause.
 */
export function answerError(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) return reply.code(STATUS_OF[error.kind]).send({ message: error.message });
  const status = error.validation ? 400 : (error.statusCode ?? 500);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ message: `Something went wrong on our side. Please try again. (Reference ${request.id})` });
  }
  return reply.code(status).send({ message: validationMessage(error) });
}
