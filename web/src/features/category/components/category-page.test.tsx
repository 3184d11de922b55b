import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RANKED_MATCHES } from '#contract/constants.ts';
import { buildItem } from '#contract/testing/build-item.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { CityPage, PaintingPage } from './category-pages.tsx';

const skyline = buildItem({ itemId: '20261101_0800_aaaaaaaa', name: 'Quiet Skyline', tags: ['minimalistic'] });

describe('a theme page', () => {
  it("lists its tag's wallpapers under its banner, with how many there are", async () => {
    const { calls } = renderPage(<CityPage />, {
      path: '/city',
      api: {
        'GET /api/items/tag/minimalistic?limit=60&offset=0': { body: [skyline], headers: { 'x-total-count': '1' } },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Minimalistic' })).toBeTruthy();
    expect(await screen.findByText('Quiet Skyline')).toBeTruthy();
    expect(screen.getByText('1 wallpaper')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/items/tag/minimalistic?limit=60&offset=0']);
  });

  it("writes a large theme's count in US English, and a colour's as far as its matches are ranked", async () => {
    renderPage(<CityPage />, {
      path: '/city',
      api: {
        'GET /api/items/tag/minimalistic?limit=60&offset=0': {
          body: [skyline],
          headers: { 'x-total-count': '333300' },
        },
      },
    });
    expect(await screen.findByText('333,300 wallpapers')).toBeTruthy();
    cleanup();
    renderPage(<CityPage />, {
      path: '/city?color=3997a3',
      api: {
        'GET /api/items/tag/minimalistic?color=3997a3&limit=60&offset=0': {
          body: [skyline],
          headers: { 'x-total-count': String(RANKED_MATCHES) },
        },
      },
    });
    expect(await screen.findByText('1,000+ #3997a3 wallpapers')).toBeTruthy();
  });

  it('asks only for static anime wallpapers on /painting, with the colour filters of the address', async () => {
    const { calls } = renderPage(<PaintingPage />, {
      path: '/painting?color=2f63c0&dark=true',
      api: {
        'GET /api/items/tag/anime?photoType=static&color=2f63c0&dark=true&limit=60&offset=0': {
          body: [],
          headers: { 'x-total-count': '0' },
        },
      },
    });
    expect(await screen.findByText(/^No .*OLED dark anime wallpapers yet\.$/)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('says when a page could not be loaded, and loads it again when asked', async () => {
    const theme = Array.from({ length: 60 }, (_, n) =>
      buildItem({
        itemId: `20261101_0800_${String(n).padStart(8, '0')}`,
        name: `Skyline ${n + 1}`,
        tags: ['minimalistic'],
      }),
    );
    /** Answers a page with a server error the first time it is asked, then with its items. */
    const failingOnce = (items: unknown[]) => {
      let asked = 0;
      return () =>
        asked++ === 0
          ? { status: 503, body: { message: 'Service Unavailable' } }
          : { body: items, headers: { 'x-total-count': '61' } };
    };
    renderPage(<CityPage />, {
      path: '/city',
      api: { 'GET /api/items/tag/minimalistic?limit=60&offset=0': failingOnce(theme) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('These wallpapers could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Skyline 60')).toBeTruthy();

    // A later page: the ones before it stay, and Load more gives way to Try again until it loads.
    const { calls } = renderPage(<CityPage />, {
      path: '/city?page=2',
      api: {
        'GET /api/items/tag/minimalistic?limit=60&offset=0': { body: theme, headers: { 'x-total-count': '61' } },
        'GET /api/items/tag/minimalistic?limit=60&offset=60': failingOnce([skyline]),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('More wallpapers could not be loaded.');
    expect(screen.getByText('Skyline 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Quiet Skyline')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((call) => call.path).filter((path) => path.endsWith('offset=60'))).toHaveLength(2);
  });
});
