import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('the 404 page', () => {
  it('says so and offers the way home and to each theme', () => {
    renderPage(<NotFoundPage />, { path: '/nowhere' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Anime', '/painting'],
      ['Landscape', '/landscape'],
      ['Minimalistic', '/city'],
    ]);
    expect(document.title).toContain('Page not found');
  });
});
