import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userStore } from '../../../lib/user-store.ts';
import { renderPage, SHOPPER } from '../../../test/render-page.tsx';
import { AccountPage } from './account-page.tsx';

const empty = { 'GET /api/library': [], 'GET /api/users/me/favourites': [] };

describe('the account page', () => {
  it('sends a visitor to log in and back here', () => {
    renderPage(<AccountPage />, { path: '/account' });
    expect(screen.getByTestId('elsewhere').textContent).toBe('/login?returnUrl=/account');
  });

  it('greets the shopper, shows their details and says what they have not bought or hearted yet', async () => {
    renderPage(<AccountPage />, { path: '/account', user: SHOPPER, api: empty });
    expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review' })).toBeNull();
    expect(await screen.findByText('You have not bought any wallpapers yet.')).toBeTruthy();
    expect(await screen.findByText('Give a wallpaper a heart and it waits for you here.')).toBeTruthy();
  });

  it('says which section could not load, and shows an administrator the way to the review queue', async () => {
    renderPage(<AccountPage />, {
      path: '/account',
      user: { ...SHOPPER, isAdmin: true },
      api: { 'GET /api/users/me/favourites': [] },
    });
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/review');
    expect(await screen.findByText(/Your purchases could not be loaded/)).toBeTruthy();
  });

  it('logs out on the server, forgets the profile and goes home', async () => {
    const { calls } = renderPage(<AccountPage />, {
      path: '/account',
      user: SHOPPER,
      api: { ...empty, 'POST /api/users/logout': null },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/users/logout')).toBe(true);
    expect(userStore.get()).toBeNull();
  });
});
