import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildItem } from '#contract/testing/build-item.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { SearchPage } from './search-page.tsx';

const rain = buildItem({ itemId: '20261102_0900_cccccccc', name: 'Neon Rain' });
const query = (q: string, page = 0) => `GET /api/items/search?q=${encodeURIComponent(q)}&limit=60&offset=${page * 60}`;

describe('the search page', () => {
  it('offers the three themes before anything is typed, and asks the server nothing', () => {
    const { calls } = renderPage(<SearchPage />, { path: '/search' });
    expect(screen.getByRole('heading', { name: 'Search wallpapers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'anime' }).getAttribute('href')).toBe('/painting');
    expect(screen.getByRole('link', { name: 'minimalistic' }).getAttribute('href')).toBe('/city');
    expect(calls).toEqual([]);
  });

  it('shows what the server found for the words, and says when it answered for other words', async () => {
    renderPage(<SearchPage />, {
      path: '/search?q=nen',
      api: { [query('nen')]: { body: [rain], headers: { 'x-total-count': '1', 'x-search-suggestion': 'neon' } } },
    });
    expect(screen.getByRole('heading', { name: 'Results for “nen”' })).toBeTruthy();
    expect(await screen.findByText('Neon Rain')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Nothing matched “nen”. Showing results for neon.');
    expect(screen.getByRole('link', { name: 'neon' }).getAttribute('href')).toBe('/search?q=neon');
  });

  it('says nothing matched, and shows a failed search as an error', async () => {
    renderPage(<SearchPage />, { path: '/search?q=zzz', api: { [query('zzz')]: [] } });
    expect(await screen.findByText('No wallpapers match “zzz”. Try another word.')).toBeTruthy();

    renderPage(<SearchPage />, {
      path: '/search?q=boom',
      api: { [query('boom')]: { status: 400, body: { message: 'q must be at most 100 characters' } } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('q must be at most 100 characters');
  });

  it('loads the next page below the first and keeps it in the address', async () => {
    const first = Array.from({ length: 60 }, (_, i) =>
      buildItem({ itemId: `20261101_08${String(i).padStart(2, '0')}_aaaaaaaa`, name: `Rain ${i}` }),
    );
    const { router } = renderPage(<SearchPage />, {
      path: '/search?q=rain',
      api: {
        [query('rain')]: { body: first, headers: { 'x-total-count': '61' } },
        [query('rain', 1)]: { body: [rain], headers: { 'x-total-count': '61' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Load more/ }));
    expect(await screen.findByText('Neon Rain')).toBeTruthy();
    expect(screen.getByText('Rain 0')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=rain&page=2');
  });
});
