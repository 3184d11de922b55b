import type { ErrorKind } from '../shared/errors.ts';

/** The one place where the domain's errors become HTTP statuses. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'too-many-requests': 429,
  unavailable: 503,
  'provider-unavailable': 502,
};
