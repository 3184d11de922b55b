import { ApiErrorSchema } from '#contract/api.ts';

/** The `{ message }` answers a route documents, by status code, for its response schema. */
export function errorReplies<const Code extends number>(...codes: Code[]): Record<Code, typeof ApiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<Code, typeof ApiErrorSchema>;
}
