import { describe, expect, it } from 'vitest';
import { matchPage, PAGES, pagePath } from './pages.ts';

describe('the table of pages', () => {
  it('matches every page by its path, with its parameters and without a trailing slash', () => {
    expect(matchPage('/')?.id).toBe('home');
    expect(matchPage('/item/12')?.id).toBe('item');
    expect(matchPage('/cart/view/')?.id).toBe('cart');
    expect(matchPage('/users/abc/verify/def')?.id).toBe('verify');
    expect(matchPage('/review')?.id).toBe('review');
    expect(matchPage('/review/9f1c')?.id).toBe('reviewEntry');
    expect(matchPage('/wallpapers/20261101_0000_aaaaaaaa/dawn-peaks')?.id).toBe('wallpaper');
    expect(matchPage('/wallpapers/summer.v2')?.id).toBe('wallpaper');
  });

  it('is no page when a parameter has another shape than its own', () => {
    for (const malformed of [
      '/item/%00',
      '/item/abc',
      '/item/12345678',
      '/download/a%00b',
      '/cart/..%2F..',
      `/review/${'x'.repeat(201)}`,
    ])
      expect(matchPage(malformed), malformed).toBeUndefined();
    expect(matchPage('/download/summer.v2_final-1')?.id).toBe('download');
  });

  it('knows nothing else', () => {
    for (const unknown of [
      '/nowhere',
      '/item',
      '/item/1/2',
      '/users/abc/verify',
      '/help/more',
      '/api/items',
      '/wallpapers',
      '/wallpapers/a/b/c',
    ])
      expect(matchPage(unknown), unknown).toBeUndefined();
  });

  it('gives every page a path of its own, and a link for those without parameters', () => {
    const paths = Object.values(PAGES).map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(pagePath('home')).toBe('/');
    expect(pagePath('help')).toBe('/help');
  });
});
