import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(screen.getByText('1 wallpapers')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/items/tag/minimalistic?limit=60&offset=0']);
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
});
