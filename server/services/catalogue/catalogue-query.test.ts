import { describe, expect, it } from 'vitest';
import { normaliseTags, toPrefixQuery } from './catalogue.service.ts';

describe('toPrefixQuery', () => {
  it('turns words into prefix terms joined by AND', () => {
    expect(toPrefixQuery('Neon  Sky')).toBe('neon:* & sky:*');
  });

  it('matches a number whole, and a word holding a digit as a prefix', () => {
    expect(toPrefixQuery('Peak 2')).toBe('peak:* & 2');
    expect(toPrefixQuery('4k 2024')).toBe('4k:* & 2024');
  });

  it('drops every character that tsquery would read as syntax', () => {
    expect(toPrefixQuery("a'b) | !c:* & <->")).toBe('a:* & b:* & c:*');
    expect(toPrefixQuery("'; drop table items; --")).toBe('drop:* & table:* & items:*');
  });

  it('gives nothing for text without words', () => {
    expect(toPrefixQuery('!!! ***')).toBeUndefined();
  });
});

describe('normaliseTags', () => {
  it('lower-cases, trims and drops empty and repeated tags', () => {
    expect(normaliseTags([' Landscape', 'Anime ', 'landscape', '', '  '])).toEqual(['landscape', 'anime']);
  });
});
