import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminItemsPage } from '#contract/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A page of the admin catalogue for these filters (the query string of GET /api/admin/items). */
export const adminItemsQuery = (query: string) =>
  queryOptions({
    queryKey: queryKeys.adminItemsPage(query),
    queryFn: () => api.get<AdminItemsPage>(`/api/admin/items${query && `?${query}`}`),
    // The page being left stays on screen until the next one has come.
    placeholderData: keepPreviousData,
  });

export const useAdminItems = (query: string) => useQuery(adminItemsQuery(query));
