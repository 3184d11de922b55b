import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareAnswer } from './prepared-answer.ts';

/** A JSON list whose second half repeats its first: its best matches lie half the body back. */
function repeatingList(bytes: number): Buffer {
  const items: string[] = [];
  for (let size = 0; size < bytes / 2; size += 90)
    items.push(JSON.stringify({ itemId: randomBytes(16).toString('hex'), name: randomBytes(12).toString('base64') }));
  return Buffer.from(JSON.stringify([...items, ...items]));
}

describe('prepareAnswer', () => {
  it.each([1_200, 4_096, 70_000, 300_000])(
    'compresses a body of about %i bytes as brotli and gzip that open to it, as small as with the default window',
    async (bytes) => {
      const body = repeatingList(bytes);
      const answer = await prepareAnswer(body);
      expect(zlib.brotliDecompressSync(answer.br!).equals(body)).toBe(true);
      expect(zlib.gunzipSync(answer.gzip!).equals(body)).toBe(true);
      // The same quality as prepareAnswer's, with brotli's default window.
      const defaultWindow = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      expect(answer.br!.length).toBeLessThanOrEqual(defaultWindow.length + 8);
    },
  );

  it('sends a body under 1 KB as it is', async () => {
    const answer = await prepareAnswer(Buffer.from('[]'));
    expect(answer.br).toBeUndefined();
    expect(answer.plain.toString()).toBe('[]');
  });
});
