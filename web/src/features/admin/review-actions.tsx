import { Icon } from '../../components/ui/icons.tsx';
import type { ReviewAction } from './use-review-actions.ts';

/** The three icon actions of an entry: mark reviewed (checked once done), delete, reset. */
export function ReviewActions({ reviewed, busy, run }: { reviewed: boolean; busy: boolean; run: (action: ReviewAction) => Promise<void> }) {
  return (
    <div className="review-card__actions">
      <button type="button" className="icon-button icon-button--light" disabled={busy || reviewed} onClick={() => void run('reviewed')} aria-label={reviewed ? 'Reviewed' : 'Mark reviewed'} aria-pressed={reviewed}>
        <Icon name={reviewed ? 'check' : 'circle'} />
      </button>
      <button type="button" className="icon-button icon-button--light" disabled={busy} onClick={() => void run('delete')} aria-label="Delete">
        <Icon name="trash" />
      </button>
      <button type="button" className="icon-button icon-button--light" disabled={busy} onClick={() => void run('redo')} aria-label="Reset">
        <Icon name="undo" />
      </button>
    </div>
  );
}
