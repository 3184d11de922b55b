import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

const answer = (bytes: number) => ({ bytes });
const cacheOf = (maxBytes: number) => new AnswerCache<{ bytes: number }>(maxBytes, ({ bytes }) => bytes);

describe('AnswerCache', () => {
  it('pushes out the least recently used once over its bytes', () => {
    const cache = cacheOf(10);
    const [a, b, c] = [answer(4), answer(4), answer(4)];
    cache.set('a', a);
    cache.set('b', b);
    cache.get('a');
    cache.set('c', c);
    expect(cache.get('a')).toBe(a);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(8);
  });

  it('tells whether an answer it gave is still held: not once pushed out, replaced, deleted or cleared', () => {
    const cache = cacheOf(10);
    const [first, second, third] = [answer(6), answer(6), answer(2)];
    cache.set('a', first);
    expect(cache.holds(first)).toBe(true);
    cache.set('b', second);
    expect(cache.holds(first)).toBe(false);
    expect(cache.holds(second)).toBe(true);
    cache.set('b', third);
    expect(cache.holds(second)).toBe(false);
    cache.delete('b');
    expect(cache.holds(third)).toBe(false);
    cache.set('c', third);
    cache.clear();
    expect(cache.holds(third)).toBe(false);
    expect(cache.holds(answer(1))).toBe(false);
  });
});
