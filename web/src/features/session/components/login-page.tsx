import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../lib/ui-constants.ts';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '#contract/constants.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { safeReturnUrl, sessionApi } from '../api/session.ts';
import { userStore } from '../../../lib/user-store.ts';
import { PasswordField } from './password-field.tsx';
import { syncPhoneWithAccount } from '../../../lib/phone-screen.ts';
import { mergeVisitorFavourites } from '../../../lib/favourites.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { useQueryClient } from '@tanstack/react-query';
import { EmailField } from './email-field.tsx';

type Status = 'idle' | 'unverified' | 'success';

export function LoginPage() {
  usePageMeta('Log in');
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const { pending, error, submitWith } = useFormSubmit('Login failed.');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => navigate(returnUrl ?? '/', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, returnUrl]);

  const submit = submitWith(
    async () => {
      const result = await sessionApi.login(email, password);
      if ('needVerified' in result) return setStatus('unverified');
      const { loginSucceed: _succeeded, token: _token, ...user } = result;
      userStore.set(user);
      syncPhoneWithAccount(user);
      // Hearts given before signing in join the account; a failure leaves them in this browser.
      await mergeVisitorFavourites().catch(() => undefined);
      await refreshAfterChange(queryClient, queryKeys.favourites);
      setStatus('success');
    },
    () => {
      if (!email.trim() || !password) return 'Please enter your email and password.';
      if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
    },
  );

  if (status === 'unverified') {
    return (
      <section className="section auth-card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="page-title">
          Please verify your email
        </h1>
        <p>
          We have sent a verification link to <strong>{email.trim()}</strong>. Open it, then log in again. Nothing
          there? Check your junk mail folder.
        </p>
        <button type="button" className="button button--wide" onClick={() => location.reload()}>
          LOGIN AGAIN
        </button>
      </section>
    );
  }

  const registerHref = returnUrl ? `/register?returnUrl=${encodeURIComponent(returnUrl)}` : '/register';
  return (
    <section className="section auth-card" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        Log in
      </h1>
      <form noValidate onSubmit={submit} className="form">
        <EmailField id="login-email" value={email} onChange={setEmail} />
        <label htmlFor="login-password">Password</label>
        <PasswordField id="login-password" value={password} onChange={setPassword} autoComplete="current-password" />
        <p className="form__error" role="alert">
          {error}
        </p>
        <p className="form__success" role="status">
          {status === 'success' ? 'Login Successful' : ''}
        </p>
        <button type="submit" className="button button--wide" disabled={pending || status === 'success'}>
          LOGIN
        </button>
      </form>
      <p className="auth-card__links">
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          New here? <Link to={registerHref}>Create an account</Link>
        </span>
      </p>
    </section>
  );
}
