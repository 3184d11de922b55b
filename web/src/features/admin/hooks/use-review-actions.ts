import { useState } from 'react';
import { REVIEW_MESSAGES } from '#contract/constants.ts';
import { notify } from '../../../lib/toast.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { runReviewAction, type ReviewAction } from '../api/review-action.ts';

const CONFIRM: Partial<Record<ReviewAction, string>> = {
  delete: 'Delete this item? This removes the image from storage and its entry from the waiting list.',
  redo: 'Reset this item? This sends it back for processing and discards the current result.',
};

/** When the entry's wallpaper is on sale, the confirmation says first that it leaves the store. */
const ON_SALE: Partial<Record<ReviewAction, string>> = {
  delete: 'This wallpaper is on sale in the store: deleting it takes it out of the store.',
  redo: 'This wallpaper is on sale in the store: resetting it takes it out of the store until it is reviewed again.',
};

/**
 * Mark reviewed, delete and reset for one entry, with the original store's confirmations, toasts and
 * error texts; a second action waits until the first has answered.
 */
export function useReviewActions(entry: { id: string; published: boolean }, onDone: (action: ReviewAction) => void) {
  const [busy, setBusy] = useState(false);
  const [inline, setInline] = useState('');

  const run = async (action: ReviewAction) => {
    if (busy) return;
    const question =
      CONFIRM[action] && [entry.published && ON_SALE[action], CONFIRM[action]].filter(Boolean).join('\n\n');
    if (question && !confirm(question)) return;
    setBusy(true);
    setInline('');
    try {
      const result = await runReviewAction(action, entry.id);
      if (!result.success) {
        setInline(result.message);
        return;
      }
      notify.success(result.message);
      onDone(action);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        setInline('An unexpected error occurred');
        notify.error('Failed to communicate with server');
      } else if (error.status === 0) {
        notify.error(error.message);
      } else if (action === 'reviewed' && error.status === 400) {
        notify.error(REVIEW_MESSAGES.missing);
      } else {
        notify.error(error.message || (action === 'reviewed' ? 'Failed to review item' : 'Something went wrong'));
      }
    } finally {
      setBusy(false);
    }
  };

  return { busy, inline, run };
}
