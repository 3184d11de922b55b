import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewEntryDetail } from '#contract/review.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One entry of the waiting list with its draft; looked at again every few seconds while it waits or is processed. */
export const reviewEntryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.reviewEntry(id),
    queryFn: () => api.get<ReviewEntryDetail>(`/api/items/waiting/${encodeURIComponent(id)}`),
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' || query.state.data?.status === 'in_process' ? 3000 : false,
  });

export const useReviewEntry = (id: string) => useQuery(reviewEntryQuery(id));
