import { Icon } from '../../../components/ui/icons.tsx';
import type { ReviewAction } from '../api/review-action.ts';

/**
 * The three icon actions of an entry: mark reviewed (checked once done), delete, reset. A
 * reviewed entry is in the store: it can be deleted (after a warning), not sent back to processing.
 */
export function ReviewActions({
  reviewed,
  busy,
  run,
}: {
  reviewed: boolean;
  busy: boolean;
  run: (action: ReviewAction) => Promise<void>;
}) {
  return (
    <div className="review-card__actions">
      <button
        type="button"
        className="icon-button icon-button--light"
        disabled={busy || reviewed}
        onClick={() => void run('reviewed')}
        aria-label={reviewed ? 'Reviewed' : 'Mark reviewed'}
        aria-pressed={reviewed}
      >
        <Icon name={reviewed ? 'check' : 'circle'} />
      </button>
      <button
        type="button"
        className="icon-button icon-button--light"
        disabled={busy}
        onClick={() => void run('delete')}
        aria-label="Delete"
      >
        <Icon name="trash" />
      </button>
      <button
        type="button"
        className="icon-button icon-button--light"
        disabled={busy || reviewed}
        onClick={() => void run('redo')}
        aria-label="Reset"
        title={reviewed ? 'Reviewed items are in the store and are not processed again' : undefined}
      >
        <Icon name="undo" />
      </button>
    </div>
  );
}
