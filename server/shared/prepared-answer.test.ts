import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerBytes, encodedAs, prepareAnswer } from './prepared-answer.ts';

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
      const answer = prepareAnswer(body);
      const br = await encodedAs(answer, 'br');
      expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
      expect(zlib.gunzipSync(await encodedAs(answer, 'gzip')).equals(body)).toBe(true);
      // The same quality as prepareAnswer's, with brotli's default window.
      const defaultWindow = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      expect(br.length).toBeLessThanOrEqual(defaultWindow.length + 8);
    },
  );

  it('sends a body under 1 KB as it is', () => {
    const answer = prepareAnswer(Buffer.from('[]'));
    expect(answer.compressible).toBe(false);
    expect(answer.plain.toString()).toBe('[]');
  });

  it('compresses an encoding only when first asked for it, once however many ask at once', async () => {
    const answer = prepareAnswer(repeatingList(70_000));
    expect(answer.encoded).toEqual({});
    const [first, second] = await Promise.all([encodedAs(answer, 'br'), encodedAs(answer, 'br')]);
    expect(second).toBe(first);
    expect(await encodedAs(answer, 'br')).toBe(first);
    expect(answer.encoded.gzip).toBeUndefined();
    expect(answerBytes(answer)).toBe(answer.plain.length + first.length);
  });
});
