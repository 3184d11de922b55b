import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminActionsPage } from '#contract/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const ACTIONS_PAGE_SIZE = 50;

/** A page of the admin log, newest first. */
export const adminActionsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.adminActions(page),
    queryFn: () =>
      api.get<AdminActionsPage>(
        `/api/admin/actions?limit=${ACTIONS_PAGE_SIZE}&offset=${(page - 1) * ACTIONS_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminActions = (page: number) => useQuery(adminActionsQuery(page));
