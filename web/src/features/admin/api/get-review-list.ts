import { queryOptions, useQuery } from '@tanstack/react-query';
import type { REVIEW_FILTERS, ReviewListItem } from '#contract/review.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The waiting list, by what the reviewer chose to see; looked at again every few seconds while work is under way. */
export const reviewListQuery = (filter: ReviewFilter) =>
  queryOptions({
    queryKey: queryKeys.reviewList(filter),
    queryFn: () => api.get<ReviewListItem[]>(`/api/items/waiting/list/${filter}`),
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.status === 'queued' || entry.status === 'in_process') ? 3000 : false,
  });

export const useReviewList = (filter: ReviewFilter) => useQuery(reviewListQuery(filter));
