import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ReviewListItem } from '#contract/review.ts';
import { notify } from '../../../lib/toast.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { AppSettingsForm } from './app-settings.tsx';
import { FailedJobs } from './failed-jobs.tsx';
import { ReviewActions } from './review-actions.tsx';
import { useReviewActions } from '../hooks/use-review-actions.ts';
import { useAddSources } from '../api/add-sources.ts';
import { useReviewList, type ReviewFilter } from '../api/get-review-list.ts';
import { AdminNav } from './admin-nav.tsx';

const FILTERS: { value: ReviewFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'not-reviewed', label: 'Not Reviewed' },
];

/** The original store's status text for a card without a preview. */
export function statusText(entry: ReviewListItem): string {
  if (!entry.status) return 'Not Started';
  return entry.status === 'in_process' ? 'In Progress' : entry.status;
}

function ReviewCard({ entry, onChanged }: { entry: ReviewListItem; onChanged: () => void }) {
  const { busy, inline, run } = useReviewActions({ id: entry._id, published: entry.published }, onChanged);

  return (
    <li className="review-card" data-entry-id={entry._id} aria-busy={busy}>
      <div className="review-card__images">
        <img src={entry.url} alt={`Source ${entry.numberId}`} loading="lazy" />
        {entry.itemUrl ? (
          <img src={entry.itemUrl} alt={`Preview ${entry.numberId}`} loading="lazy" />
        ) : (
          <p className="review-card__status">{statusText(entry)}</p>
        )}
      </div>
      <div className="review-card__body">
        <p className="review-card__number">
          <Link to={`/review/${entry._id}`}>#{entry.numberId}</Link>
        </p>
        <p className="review-card__name">{entry.name}</p>
        {entry.flags.map((flag) => (
          <p key={flag} className="review-card__flag">
            {flag}
          </p>
        ))}
        {entry.failureReason && <p className="review-card__flag">{entry.failureReason}</p>}
        <p className="form__error" role="alert">
          {inline}
        </p>
        <ReviewActions reviewed={entry.review} busy={busy} run={run} />
      </div>
    </li>
  );
}

function ReviewList() {
  usePageMeta('Review System');
  const [filter, setFilter] = useState<ReviewFilter>('not-reviewed');
  const [progress, setProgress] = useState<number | undefined>();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useReviewList(filter);
  const refresh = () => void refreshAfterChange(queryClient, queryKeys.review);
  const add = useAddSources(setProgress);
  const addSources = (files: File[]) =>
    add.mutate(files, {
      onSuccess: () => notify.success('Added to the waiting list'),
      onError: (error) => notify.error(error.message),
      onSettled: () => setProgress(undefined),
    });

  return (
    <section className="section">
      <AdminNav />
      <div className="page-heading">
        <h1 className="page-title">Review System</h1>
        <label className="review-filter">
          Show{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value as ReviewFilter)}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FailedJobs />
      <div className="review-add">
        <label htmlFor="review-sources" className="button button--ghost">
          Add source images
        </label>
        <input
          id="review-sources"
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={add.isPending}
          onChange={(e) => e.target.files?.length && addSources([...e.target.files])}
        />
        {progress !== undefined && <progress max={1} value={progress} aria-label="Uploading source images" />}
      </div>
      {isPending ? (
        <p className="page-loading">Loading…</p>
      ) : isError ? (
        <p role="alert">The waiting list could not be loaded.</p>
      ) : data.length === 0 ? (
        <p className="empty-state">Nothing here.</p>
      ) : (
        <ul className="review-grid" aria-label="Waiting items">
          {data.map((entry) => (
            <ReviewCard key={entry._id} entry={entry} onChanged={refresh} />
          ))}
        </ul>
      )}
      <AppSettingsForm />
    </section>
  );
}

export const ReviewPage = () => (
  <AdminOnly>
    <ReviewList />
  </AdminOnly>
);
