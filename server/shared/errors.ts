/**
 * What went wrong, in the domain's words: the services throw it and one place (the app's error
 * handler, with STATUS_OF) turns it into an HTTP answer. The message is written for the person
 * who made the request.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment-declined'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'too-many-requests'
  | 'unavailable'
  | 'provider-unavailable';

export class DomainError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}
