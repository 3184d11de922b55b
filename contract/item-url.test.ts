import { describe, expect, it } from 'vitest';
import { itemFileUrl } from './item-url.ts';

describe('itemFileUrl', () => {
  it('keeps a value containing https as a full URL', () => {
    expect(itemFileUrl('a1', 'https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });

  it('puts anything else in the item image folder', () => {
    expect(itemFileUrl('20260101_0000_abcdef12', 'thumb.webp')).toBe('/images/items/20260101_0000_abcdef12/thumb.webp');
  });
});
