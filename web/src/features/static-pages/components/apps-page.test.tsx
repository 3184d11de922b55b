import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page.tsx';
import { AppsPage } from './apps-page.tsx';

const counted = (total: number) => ({
  'GET /api/items?limit=1': { body: [], headers: { 'x-total-count': String(total) } },
});

describe('the apps page', () => {
  it("claims the catalogue's own count of HD wallpapers until it reaches the original store's 1000+", async () => {
    renderPage(<AppsPage />, { path: '/apps', api: counted(39) });
    expect(await screen.findByRole('heading', { name: '39 HD Wallpapers' })).toBeTruthy();

    renderPage(<AppsPage />, { path: '/apps', api: counted(1_000_000) });
    expect(await screen.findByRole('heading', { name: '1000+ HD Wallpapers' })).toBeTruthy();
  });
});
