import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '#contract/constants.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { sessionApi } from '../api/session.ts';
import { PasswordField } from './password-field.tsx';

export function ResetPasswordPage() {
  usePageMeta('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [done, setDone] = useState('');
  const { pending: submitting, error, submitWith } = useFormSubmit('Something went wrong.');
  const submit = submitWith(
    async () => setDone((await sessionApi.resetPassword(token, password)).message),
    () => (password.length < MIN_PASSWORD_LENGTH ? MESSAGES.passwordTooShort : undefined),
  );

  return (
    <section className="section auth-card">
      <h1 className="page-title">Choose a new password</h1>
      {done ? (
        <>
          <p role="status">{done}</p>
          <Link className="button button--wide" to="/login">
            Log in
          </Link>
        </>
      ) : (
        <form onSubmit={submit} className="form">
          <label htmlFor="reset-password">New password</label>
          <PasswordField id="reset-password" value={password} onChange={setPassword} autoComplete="new-password" />
          <p className="form__error" role="alert">
            {error}
          </p>
          <button type="submit" className="button button--wide" disabled={submitting || !token}>
            Save my new password
          </button>
        </form>
      )}
    </section>
  );
}
