import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { ItemEditor } from './item-editor.tsx';
import { ReviewActions } from './review-actions.tsx';
import { statusText } from './review-page.tsx';
import { useReviewActions } from '../hooks/use-review-actions.ts';
import type { ReviewAction } from '../api/review-action.ts';
import { useReviewEntry } from '../api/get-review-entry.ts';

/** After a successful action the detail view returns to the list, after the original store's delay. */
const RETURN_DELAY_MS: Record<ReviewAction, number> = { reviewed: 1000, delete: 1000, redo: 1500 };

function ReviewDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: entry, isPending, isError, refetch } = useReviewEntry(id);
  usePageMeta(entry ? `Review #${entry.numberId}` : 'Review');
  const { busy, inline, run } = useReviewActions({ id, published: entry?.published ?? false }, (action) => {
    void refreshAfterChange(queryClient, queryKeys.review);
    setTimeout(() => navigate('/review'), RETURN_DELAY_MS[action]);
  });

  if (isPending) return <p className="page-loading">Loading…</p>;
  if (isError) {
    return (
      <section className="section not-found">
        <h1 className="page-title">This entry is gone</h1>
        <Link className="button" to="/review">
          Back to the review list
        </Link>
      </section>
    );
  }

  return (
    <section className="section review-detail">
      <p>
        <Link to="/review">← Review System</Link>
      </p>
      <h1 className="page-title">
        #{entry.numberId} · {entry.name}
      </h1>
      <div className="review-detail__layout">
        <div className="review-card__images review-detail__images">
          <img src={entry.url} alt={`Source ${entry.numberId}`} />
          {entry.itemUrl ? (
            <img src={entry.itemUrl} alt={`Preview ${entry.numberId}`} />
          ) : (
            <p className="review-card__status">{statusText(entry)}</p>
          )}
        </div>
        <div>
          {entry.flags.map((flag) => (
            <p key={flag} className="review-card__flag">
              {flag}
            </p>
          ))}
          {entry.draft && entry.itemId && !entry.review && (
            <ItemEditor
              item={{ itemId: entry.itemId, ...entry.draft }}
              picture={entry.itemUrl ? { src: entry.itemUrl, alt: `Draft ${entry.numberId}` } : undefined}
              idPrefix="draft"
              saveLabel="Save draft"
              savedMessage="Draft saved"
              onSaved={() => void refetch()}
            />
          )}
          <p className="form__error" role="alert">
            {inline}
          </p>
          <ReviewActions reviewed={entry.review} busy={busy} run={run} />
        </div>
      </div>
    </section>
  );
}

export const ReviewDetailPage = () => (
  <AdminOnly>
    <ReviewDetail />
  </AdminOnly>
);
