import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildItem } from '#contract/testing/build-item.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { HomePage } from './home-page.tsx';

const older = buildItem({ itemId: '20261001_0800_aaaaaaaa', name: 'Older Dunes' });
const newer = buildItem({ itemId: '20261102_0800_bbbbbbbb', name: 'Newer Aurora' });

describe('the home page', () => {
  it('shows the newest wallpapers first, by id, and a way into each theme', async () => {
    renderPage(<HomePage />, { api: { 'GET /api/items?limit=12': [older, newer] } });
    const newest = await screen.findByRole('list', { name: /newest/i });
    const names = within(newest)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Newer Aurora', 'Older Dunes']);
    for (const [label, path] of [
      ['Anime', '/painting'],
      ['Landscape', '/landscape'],
      ['Minimalistic', '/city'],
    ] as const)
      expect(
        screen.getAllByRole('link', { name: new RegExp(label) }).some((a) => a.getAttribute('href') === path),
      ).toBe(true);
  });

  it('keeps the page whole when the list cannot be fetched', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<HomePage />, { api: { 'GET /api/items?limit=12': { status: 503, body: { message: 'down' } } } });
    expect(await screen.findByRole('heading', { name: 'Personalize Your Smartphone With Wallpapers' })).toBeTruthy();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching items', expect.anything()));
    logged.mockRestore();
  });
});
