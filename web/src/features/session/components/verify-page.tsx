import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '#contract/constants.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { sessionApi } from '../api/session.ts';
import { userStore } from '../../../lib/user-store.ts';

export function VerifyPage() {
  usePageMeta('Verify your email');
  const { id = '', token = '' } = useParams();
  const [result, setResult] = useState<'pending' | 'verified' | 'expired'>('pending');

  useEffect(() => {
    userStore.clear();
    let current = true;
    sessionApi.verify(id, token).then(
      () => current && setResult('verified'),
      () => current && setResult('expired'),
    );
    return () => {
      current = false;
    };
  }, [id, token]);

  return (
    <section className="section auth-card" aria-live="polite">
      {result === 'pending' && <p className="page-loading">Checking your link…</p>}
      {result === 'verified' && (
        <>
          <h1 className="page-title">Email verified successfully!</h1>
          <p>Your account is ready. Log in to buy and download wallpapers.</p>
          <Link className="button button--wide" to="/login">
            Return to Login
          </Link>
        </>
      )}
      {result === 'expired' && (
        <>
          <h1 className="page-title">{MESSAGES.verificationExpired}</h1>
          <p>The link is too old or was already used. Log in and we will send you a new one.</p>
          <Link className="button button--wide" to="/login">
            Log in to resend
          </Link>
        </>
      )}
    </section>
  );
}
