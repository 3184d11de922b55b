import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewListItem } from '#contract/review.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { uploadFiles } from '../../../lib/upload-file.ts';

/** Adds source images to the waiting list in one upload, reporting its progress; the list refreshes after. */
export function useAddSources(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadFiles<ReviewListItem[]>('/api/items/waiting', files, onProgress),
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.review),
  });
}
