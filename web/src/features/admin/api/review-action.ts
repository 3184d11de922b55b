import { api } from '../../../lib/api-client.ts';

export type ReviewAction = 'reviewed' | 'delete' | 'redo';

/** Marks an entry reviewed (publishing its draft), deletes it, or sends it back for processing. */
export const runReviewAction = (action: ReviewAction, id: string) =>
  api.patch<{ success: boolean; message: string }>(`/api/items/waiting/${action}/${encodeURIComponent(id)}`);
