import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '../../../../../contract/admin.ts';
import { notify } from '../../../lib/toast.ts';
import { api } from '../../../lib/api-client.ts';

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
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['failed-jobs'],
    queryFn: () => api.get<FailedJob[]>('/api/jobs/failed'),
    refetchInterval: 30_000,
  });
  const retry = useMutation({
    mutationFn: (id: string) => api.post(`/api/jobs/${id}/retry`),
    onSuccess: () => {
      notify.success('Queued again');
      void queryClient.invalidateQueries({ queryKey: ['failed-jobs'] });
    },
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
              onClick={() => retry.mutate(job.id)}
            >
              Retry
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
