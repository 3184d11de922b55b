import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { sessionApi } from '../api/session.ts';

export function ForgotPasswordPage() {
  usePageMeta('Forgot password');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setSubmitting(true);
    try {
      setMessage((await sessionApi.forgotPassword(email)).message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="section auth-card">
      <h1 className="page-title">Forgot your password?</h1>
      {message ? (
        <p role="status">{message} The link works for one hour. Check your junk mail folder if it does not arrive.</p>
      ) : (
        <form onSubmit={submit} className="form">
          <label htmlFor="forgot-email">Email</label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            value={email}
            required
            onChange={(e) => setEmail(e.target.value)}
          />
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
