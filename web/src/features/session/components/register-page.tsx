import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, MIN_PASSWORD_LENGTH, USER_MESSAGES } from '#contract/constants.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { safeReturnUrl, sessionApi } from '../api/session.ts';
import { PasswordField } from './password-field.tsx';
import { EmailField } from './email-field.tsx';

export function RegisterPage() {
  usePageMeta('Create an account');
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const loginHref = returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login';
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { pending: submitting, error, setError, submitWith } = useFormSubmit('Registration failed.');

  const submit = submitWith(
    async () => {
      const result = await sessionApi.register({ firstName, lastName: '', email, password });
      if (!result.verificationEmailSent) setError(USER_MESSAGES.verificationEmailFailed);
      setDone(true);
    },
    () => {
      if (!firstName.trim() || !email.trim() || !password) return 'Please fill in your first name, email and password.';
      if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
    },
  );

  if (done) {
    return (
      <section className="section auth-card" aria-labelledby="done-title">
        <h1 id="done-title" className="page-title">
          Please Verify Your Email
        </h1>
        {error ? (
          <p className="form__error" role="alert">
            {error}. Log in to have it sent again.
          </p>
        ) : (
          <p>
            We have sent a link to <strong>{email.trim()}</strong>. Open it to activate your account. If it is not in
            your inbox, check your junk mail folder.
          </p>
        )}
        <Link className="button button--wide" to={loginHref}>
          Go to login
        </Link>
      </section>
    );
  }

  return (
    <section className="section auth-card" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        Create your account
      </h1>
      <form onSubmit={submit} className="form">
        <label htmlFor="register-first-name">First Name</label>
        <input
          id="register-first-name"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          required
          maxLength={60}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <EmailField id="register-email" value={email} onChange={setEmail} />
        <label htmlFor="register-password">Password</label>
        <PasswordField id="register-password" value={password} onChange={setPassword} autoComplete="new-password" />
        <p className="form__hint">At least {MIN_PASSWORD_LENGTH} characters, and not a common password.</p>
        <p className="form__error" role="alert">
          {error}
        </p>
        <button type="submit" className="button button--wide" disabled={submitting}>
          CREATE MY ACCOUNT
        </button>
      </form>
      <p className="auth-card__links">
        <span>
          Have an account? <Link to={loginHref}>Log in</Link>
        </span>
      </p>
    </section>
  );
}
