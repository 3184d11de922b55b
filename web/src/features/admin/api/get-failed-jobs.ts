import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '#contract/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';

/** Jobs that gave up after their retries, looked at again every 30 s. */
export const failedJobsQuery = queryOptions({
  queryKey: queryKeys.failedJobs,
  queryFn: () => api.get<FailedJob[]>('/api/jobs/failed'),
  refetchInterval: 30_000,
});

export const useFailedJobs = () => useQuery(failedJobsQuery);

/** Queues a failed job again; the list refreshes after. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/jobs/${encodeURIComponent(id)}/retry`),
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.failedJobs),
  });
}
