import fs from 'node:fs';
import path from 'node:path';
import type { Algorithm } from '@node-rs/argon2';

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

/** Argon2's native library, loaded at the first password a process hashes or checks (decision 074). */
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, ARGON2_OPTIONS);
}

/** A hash to verify against when there is no such user, so both answers take as long. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const { verify } = await argon2();
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
