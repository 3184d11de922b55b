import { describe, expect, it } from 'vitest';
import { itemFileUrl, itemPagePath } from './item-url.ts';

describe('itemFileUrl', () => {
  it('keeps a value containing https as a full URL', () => {
    expect(itemFileUrl('a1', 'https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });

  it('puts anything else in the item image folder', () => {
    expect(itemFileUrl('20260101_0000_abcdef12', 'thumb.webp')).toBe('/images/items/20260101_0000_abcdef12/thumb.webp');
  });
});

describe('itemPagePath', () => {
  it('names the wallpaper by its id, then its name as a slug', () => {
    expect(itemPagePath({ itemId: '20260101_0000_abcdef12', name: 'Dawn Peaks (II)' })).toBe(
      '/wallpapers/20260101_0000_abcdef12/dawn-peaks-ii',
    );
    expect(itemPagePath({ itemId: 'summer.v2', name: '夜' })).toBe('/wallpapers/summer.v2/wallpaper');
  });
});
