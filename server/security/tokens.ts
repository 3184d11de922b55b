import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: session tokens and email links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
