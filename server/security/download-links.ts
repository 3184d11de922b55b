import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SettingsRepository } from '../db/repositories/settings.repository.ts';

export interface DownloadClaim {
  orderId: string;
  itemId: string;
  /** Index into the item's files: 0 the image, 1 a live item's video. */
  file: number;
  expiresAt: Date;
}

export type DownloadCheck = { ok: true; claim: DownloadClaim } | { ok: false; reason: 'forged' | 'expired' };

/** The claim as a link carries it: JSON, so an itemId may hold any character its rule allows. */
interface SignedClaim {
  o: string;
  i: string;
  f: number;
  e: number;
}

/**
 * A payload of the first form, `orderId.itemId.file.expiry`, from links mailed before the JSON
 * one: read from both ends, since only the itemId may hold dots.
 */
function dottedClaim(payload: string): SignedClaim {
  const parts = payload.split('.');
  return { o: parts[0]!, i: parts.slice(1, -2).join('.'), f: Number(parts.at(-2)), e: Number(parts.at(-1)) };
}

/**
 * Download links are `{payload}.{HMAC-SHA256}`: the payload (base64url JSON) names the order, the
 * item, the file and the expiry, so a link cannot be altered and needs no table to check.
 */
export class DownloadSigner {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    this.key = key;
  }

  sign(claim: DownloadClaim): string {
    const signed: SignedClaim = {
      o: claim.orderId,
      i: claim.itemId,
      f: claim.file,
      e: Math.floor(claim.expiresAt.getTime() / 1000),
    };
    const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  check(token: string, now = new Date()): DownloadCheck {
    const parts = token.split('.');
    const [payload, mac] = parts;
    if (parts.length !== 2 || !payload || !mac) return { ok: false, reason: 'forged' };
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
    const text = Buffer.from(payload, 'base64url').toString('utf8');
    const signed = text.startsWith('{') ? (JSON.parse(text) as SignedClaim) : dottedClaim(text);
    const claim = { orderId: signed.o, itemId: signed.i, file: signed.f, expiresAt: new Date(signed.e * 1000) };
    return claim.expiresAt > now ? { ok: true, claim } : { ok: false, reason: 'expired' };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** The signing key, made once and kept in the database so every server process shares it. */
export async function loadDownloadSigner(settings: SettingsRepository): Promise<DownloadSigner> {
  const key = await settings.getOrCreate('download-signing-key', () => randomBytes(32).toString('base64'));
  return new DownloadSigner(Buffer.from(key, 'base64'));
}
