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

  it('counts an answer again when it is got, once it has grown, and pushes out the least recently used to fit', () => {
    const cache = cacheOf(10);
    const [a, b] = [answer(3), answer(3)];
    cache.set('a', a);
    cache.set('b', b);
    // As an answer grows when an encoding is made for its first client to take it.
    b.bytes = 5;
    expect(cache.size).toBe(6);
    expect(cache.get('b')).toBe(b);
    expect(cache.size).toBe(8);
    a.bytes = 6;
    expect(cache.get('a')).toBe(a);
    expect(cache.holds(b)).toBe(false);
    expect(cache.size).toBe(6);
    // Deleting takes off what was counted last.
    cache.delete('a');
    expect(cache.size).toBe(0);
  });
});
