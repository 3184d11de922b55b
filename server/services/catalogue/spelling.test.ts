import { describe, expect, it } from 'vitest';
import { closestWord, editDistance, wordsOf } from './spelling.ts';

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('mountain', 'mountain', 2)).toBe(0);
    expect(editDistance('montains', 'mountains', 2)).toBe(1);
    expect(editDistance('mountian', 'mountain', 2)).toBe(1);
    expect(editDistance('sakrua', 'sakura', 2)).toBe(1);
    expect(editDistance('moutains', 'mountains', 2)).toBe(1);
    expect(editDistance('city', 'sky', 3)).toBe(3);
  });

  it('stops counting past the most it is asked about', () => {
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
    expect(editDistance('landscape', 'anime', 2)).toBe(3);
  });
});

describe('closestWord', () => {
  const known = ['mountains', 'mountain', 'sakura', 'sunset', 'city', 'anime'];

  it('puts a misspelt word right from the words the catalogue knows', () => {
    expect(closestWord('sakrua', known)).toBe('sakura');
    expect(closestWord('moutains', known)).toBe('mountains');
    expect(closestWord('mountian', known)).toBe('mountain');
    expect(closestWord('citty', known)).toBe('city');
  });

  it('offers nothing for a word unlike any it knows', () => {
    expect(closestWord('xylophone', known)).toBeUndefined();
    expect(closestWord('cat', known)).toBeUndefined();
  });

  it('reads words as search does', () => {
    expect(wordsOf('Moutain, SUNSET!')).toEqual(['moutain', 'sunset']);
  });
});
