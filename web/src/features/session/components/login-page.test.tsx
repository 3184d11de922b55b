import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, USER_MESSAGES } from '#contract/constants.ts';
import { userStore } from '../../../lib/user-store.ts';
import { renderPage, SHOPPER } from '../../../test/render-page.tsx';
import { LoginPage } from './login-page.tsx';

function logIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
}

const accepted = { 'POST /api/users/login': { ...SHOPPER, loginSucceed: true, token: 'session-token' } };

describe('the login page', () => {
  it('refuses a short password before asking the server', () => {
    const { calls } = renderPage(<LoginPage />, { path: '/login' });
    logIn('ada@example.com', 'short');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.passwordTooShort);
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal as it words it", async () => {
    renderPage(<LoginPage />, {
      path: '/login',
      api: { 'POST /api/users/login': { status: 401, body: { message: USER_MESSAGES.invalidCredentials } } },
    });
    logIn('ada@example.com', 'not-the-password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(USER_MESSAGES.invalidCredentials));
    expect(userStore.get()).toBeNull();
  });

  it('asks an unverified account to open its email first', async () => {
    renderPage(<LoginPage />, { path: '/login', api: { 'POST /api/users/login': { needVerified: true } } });
    logIn(' ada@example.com ', 'long-enough-password');
    expect(await screen.findByRole('heading', { name: 'Please verify your email' })).toBeTruthy();
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
  });

  it('keeps the profile without the token and returns to where the visitor was going', async () => {
    const { calls } = renderPage(<LoginPage />, { path: '/login?returnUrl=/payment', api: accepted });
    logIn('ada@example.com', 'long-enough-password');

    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/users/login',
      body: { email: 'ada@example.com', password: 'long-enough-password' },
    });
    expect(userStore.get()).toEqual(SHOPPER);
    expect(localStorage.getItem('user')).not.toContain('session-token');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/payment'), { timeout: 3000 });
  });

  it('never follows a return address to another site', async () => {
    renderPage(<LoginPage />, { path: '/login?returnUrl=//evil.example/steal', api: accepted });
    logIn('ada@example.com', 'long-enough-password');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/'), { timeout: 3000 });
  });
});
