import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DownloadSigner } from './download-links.ts';

const key = randomBytes(32);
const signer = new DownloadSigner(key);
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

  it('reads back an itemId of any allowed characters', () => {
    for (const itemId of ['a.b.c', 'v1.2.3-final_cut', '9', 'x..y', 'end.']) {
      const check = signer.check(signer.sign({ ...claim, itemId }));
      expect(check.ok && check.claim.itemId, itemId).toBe(itemId);
      expect(check.ok && check.claim.file, itemId).toBe(1);
    }
  });

  it('still reads links signed in the earlier dotted form, whatever the itemId holds', () => {
    const payload = Buffer.from(
      `${claim.orderId}.summer.v2.1.${Math.floor(claim.expiresAt.getTime() / 1000)}`,
    ).toString('base64url');
    const mac = createHmac('sha256', key).update(payload).digest('base64url');
    const check = signer.check(`${payload}.${mac}`);
    expect(check.ok && check.claim).toMatchObject({ orderId: claim.orderId, itemId: 'summer.v2', file: 1 });
  });

  it('refuses an altered payload, another key and garbage', () => {
    const token = signer.sign(claim);
    const [payload, mac] = token.split('.');
    const other = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('"f":1', '"f":0')).toString(
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
