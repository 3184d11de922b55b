import { useState } from 'react';
import { Link } from 'react-router';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { sessionApi } from '../api/session.ts';
import { EmailField } from './email-field.tsx';

export function ForgotPasswordPage() {
  usePageMeta('Forgot password');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const { pending: submitting, error, submitWith } = useFormSubmit('Something went wrong.');
  const submit = submitWith(async () => setMessage((await sessionApi.forgotPassword(email)).message));

  return (
    <section className="section auth-card">
      <h1 className="page-title">Forgot your password?</h1>
      {message ? (
        <p role="status">{message} The link works for one hour. Check your junk mail folder if it does not arrive.</p>
      ) : (
        <form onSubmit={submit} className="form">
          <EmailField id="forgot-email" value={email} onChange={setEmail} />
          <p className="form__error" role="alert">
            {error}
          </p>
          <button type="submit" className="button button--wide" disabled={submitting}>
            Send me a reset link
          </button>
        </form>
      )}
      <p className="auth-card__links">
        <Link to="/login">Back to login</Link>
      </p>
    </section>
  );
}
