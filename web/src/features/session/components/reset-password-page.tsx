import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '../../../../../contract/constants.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { sessionApi } from '../api/session.ts';
import { PasswordField } from './password-field.tsx';

export function ResetPasswordPage() {
  usePageMeta('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (password.length < MIN_PASSWORD_LENGTH) return setError(MESSAGES.passwordTooShort);
    setSubmitting(true);
    try {
      setDone((await sessionApi.resetPassword(token, password)).message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong.');
    } finally {
      setSubmitting(false);
    }
  };

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
