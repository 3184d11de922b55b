import { describe, expect, it } from 'vitest';
import { countText } from './count-text.ts';

describe('countText', () => {
  it('writes one in the singular and every other count in the plural', () => {
    expect(countText(1, 'wallpaper')).toBe('1 wallpaper');
    expect(countText(0, 'wallpaper')).toBe('0 wallpapers');
    expect(countText(2, 'blue wallpaper')).toBe('2 blue wallpapers');
  });

  it('groups the thousands as US English does', () => {
    expect(countText(333_300, 'wallpaper')).toBe('333,300 wallpapers');
    expect(countText(1_000_000, 'item')).toBe('1,000,000 items');
  });

  it('says when a count stopped and there may be more', () => {
    expect(countText(1000, '#3997a3 wallpaper', { atLeast: true })).toBe('1,000+ #3997a3 wallpapers');
  });
});
