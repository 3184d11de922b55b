import { notify } from '../../../lib/toast.ts';
import { useFailedJobs, useRetryJob } from '../api/get-failed-jobs.ts';

/** What each kind of job is, in words an administrator reads. */
const KINDS: Record<string, string> = {
  'order-email': 'Order email',
  'verification-email': 'Verification email',
  'password-reset-email': 'Password reset email',
  'duplicate-refund': 'Refund of an item bought twice',
  'refund-email': 'Refund email',
  'live-preview': 'Live preview clip',
  'item-palette': 'Palette of an older wallpaper',
  'item-app-images': 'App images of an older wallpaper',
};

/**
 * Emails and other side effects that gave up after their retries (the mail server kept
 * refusing, say), each with its last error and a Retry button. Shown only when there are any.
 */
export function FailedJobs() {
  const { data } = useFailedJobs();
  const retry = useRetryJob();
  const retryJob = (id: string) =>
    retry.mutate(id, {
      onSuccess: () => notify.success('Queued again'),
      onError: (error) => notify.error(error.message),
    });
  if (!data?.length) return null;

  return (
    <section className="failed-jobs" aria-labelledby="failed-jobs-title">
      <h2 id="failed-jobs-title">Failed jobs ({data.length})</h2>
      <ul>
        {data.map((job) => (
          <li key={job.id}>
            <div>
              <strong>{KINDS[job.kind] ?? job.kind}</strong> <span className="failed-jobs__key">{job.key}</span>
              <p className="failed-jobs__error">
                {job.attempts} attempts, last {new Date(job.failedAt).toLocaleString()}: {job.lastError}
              </p>
            </div>
            <button
              type="button"
              className="button button--ghost"
              disabled={retry.isPending}
              onClick={() => retryJob(job.id)}
            >
              Retry
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
