import fs from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id (the library's const enum value 2, which type stripping cannot read) at OWASP's parameters. */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | undefined;

/** One of the 10,000 most common passwords (server/security/common-passwords.txt), any case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash to verify against when there is no such user, so both answers take as long. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
