import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Report, ReportBucket } from '#contract/reports.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The sales and downloads report over UTC days `from`–`to`, per day, week or month. */
export const useReport = (from: string, to: string, by: ReportBucket) => {
  const query = new URLSearchParams({ from, to, by }).toString();
  return useQuery({
    queryKey: queryKeys.adminReport(query),
    queryFn: () => api.get<Report>(`/api/admin/reports?${query}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
