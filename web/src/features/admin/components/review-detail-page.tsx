import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ReviewEntryDetail } from '#contract/review.ts';
import { notify } from '../../../lib/toast.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { ItemFields, itemFieldsBody, type ItemFieldValues } from './item-fields.tsx';
import { ReviewActions } from './review-actions.tsx';
import { FocalPointPicker } from './focal-point-picker.tsx';
import { statusText } from './review-page.tsx';
import { useReviewActions } from '../hooks/use-review-actions.ts';
import type { ReviewAction } from '../api/review-action.ts';
import { useReviewEntry } from '../api/get-review-entry.ts';
import { useUpdateItem } from '../api/update-item.ts';

/** After a successful action the detail view returns to the list, after the original store's delay. */
const RETURN_DELAY_MS: Record<ReviewAction, number> = { reviewed: 1000, delete: 1000, redo: 1500 };

function DraftEditor({ entry, onSaved }: { entry: ReviewEntryDetail; onSaved: () => void }) {
  const draft = entry.draft!;
  const [focalPoint, setFocalPoint] = useState(draft.focalPoint);
  const [fields, setFields] = useState<ItemFieldValues>({
    name: draft.name,
    price: String(draft.price),
    freeDownload: draft.freeDownload,
    tags: draft.tags.join(', '),
  });
  const updateItem = useUpdateItem();
  const { pending: saving, error, submitWith } = useFormSubmit('The draft could not be saved.');
  const save = submitWith(async () => {
    await updateItem(entry.itemId!, { ...itemFieldsBody(fields), focalPoint });
    notify.success('Draft saved');
    onSaved();
  });

  return (
    <form className="form" onSubmit={save}>
      {entry.itemUrl && (
        <div className="form__field">
          <p className="focal-picker__label">Focal point: phone files are cut around it. Drag it to what matters.</p>
          <FocalPointPicker
            src={entry.itemUrl}
            alt={`Draft ${entry.numberId}`}
            value={focalPoint}
            onChange={setFocalPoint}
          />
        </div>
      )}
      <ItemFields idPrefix="draft" values={fields} onChange={setFields} />
      <p className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={saving}>
        Save draft
      </button>
    </form>
  );
}

function ReviewDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: entry, isPending, isError, refetch } = useReviewEntry(id);
  usePageMeta(entry ? `Review #${entry.numberId}` : 'Review');
  const { busy, inline, run } = useReviewActions({ id, published: entry?.published ?? false }, (action) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review });
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
          {entry.draft && !entry.review && <DraftEditor entry={entry} onSaved={() => void refetch()} />}
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
