import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchBox } from './search-box.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/search', element: <p>results</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the search box', () => {
  afterEach(cleanup);

  it('goes to the results for the trimmed words, encoded', () => {
    const router = renderAt('/');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '  neon & rain ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=neon%20%26%20rain');
  });

  it('stays put when only spaces were typed', () => {
    const router = renderAt('/');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('is a plain GET form to /search, so it works before the page is hydrated', () => {
    renderAt('/');
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByRole('searchbox').getAttribute('name')).toBe('q');
  });
});
