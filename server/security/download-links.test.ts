import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DownloadSigner } from './download-links.ts';

const signer = new DownloadSigner(randomBytes(32));
const claim = {
  orderId: '4f1c2a3b-0000-4000-8000-000000000001',
  itemId: '20261122_0447_7bc679f6',
  file: 1,
  expiresAt: new Date(Date.now() + 60_000),
};

describe('DownloadSigner', () => {
  it('reads back what it signed', () => {
    const check = signer.check(signer.sign(claim));
    expect(check).toEqual({
      ok: true,
      claim: { ...claim, expiresAt: new Date(Math.floor(claim.expiresAt.getTime() / 1000) * 1000) },
    });
  });

  it('refuses an altered payload, another key and garbage', () => {
    const token = signer.sign(claim);
    const [payload, mac] = token.split('.');
    const other = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('.1.', '.0.')).toString(
      'base64url',
    );
    expect(signer.check(`${other}.${mac}`)).toEqual({ ok: false, reason: 'forged' });
    expect(new DownloadSigner(randomBytes(32)).check(token)).toEqual({ ok: false, reason: 'forged' });
    expect(signer.check('nonsense')).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a link with anything added to it: a link is exactly payload.signature', () => {
    const token = signer.sign(claim);
    for (const altered of [`${token}.x`, `${token}.`, `x.${token}`, `${token}=`, ` ${token}`]) {
      expect(signer.check(altered), altered).toEqual({ ok: false, reason: 'forged' });
    }
  });

  it('refuses an expired link', () => {
    const token = signer.sign({ ...claim, expiresAt: new Date(Date.now() - 1000) });
    expect(signer.check(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
