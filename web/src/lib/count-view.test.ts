import { afterEach, describe, expect, it, vi } from 'vitest';
import { countView, viewEnded, wallpaperOfPath } from './count-view.ts';

afterEach(() => vi.unstubAllGlobals());

describe('counting a view', () => {
  it('counts each wallpaper shown, once while it stays on screen as the app takes over the page', () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    countView('20261126_0000_aaaa0001');
    countView('20261126_0000_aaaa0001');
    countView('20261126_0000_aaaa0002');
    countView('20261126_0000_aaaa0001');
    // Left for another page and shown again: another view.
    viewEnded();
    countView('20261126_0000_aaaa0001');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/items/20261126_0000_aaaa0001/views',
      '/api/items/20261126_0000_aaaa0002/views',
      '/api/items/20261126_0000_aaaa0001/views',
      '/api/items/20261126_0000_aaaa0001/views',
    ]);
  });

  it("finds the wallpaper of its own page's address, and no other", () => {
    expect(wallpaperOfPath('/wallpapers/20261126_0000_aaaa0001/dawn-peaks')).toBe('20261126_0000_aaaa0001');
    expect(wallpaperOfPath('/wallpapers/20261126_0000_aaaa0001')).toBe('20261126_0000_aaaa0001');
    expect(wallpaperOfPath('/item/3')).toBeUndefined();
    expect(wallpaperOfPath('/')).toBeUndefined();
  });
});
