import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBundle, BundleFields, UpdateBundleBody } from '#contract/bundles.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';

/** Every bundle, newest first. */
export const useAdminBundles = () =>
  useQuery({
    queryKey: queryKeys.adminBundles,
    queryFn: () => api.get<AdminBundle[]>('/api/admin/bundles'),
    staleTime: 0,
  });

/** Makes, changes and deletes bundles; the owner's list and the store's bundles refresh. */
export function useBundleActions() {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterChange(queryClient, queryKeys.adminBundles, queryKeys.bundles);
  const path = (bundleId: string) => `/api/admin/bundles/${bundleId}`;
  return {
    create: async (fields: BundleFields) => {
      const made = await api.post<AdminBundle>('/api/admin/bundles', fields);
      await refresh();
      return made;
    },
    update: async (bundleId: string, change: UpdateBundleBody) => {
      const changed = await api.patch<AdminBundle>(path(bundleId), change);
      await refresh();
      return changed;
    },
    remove: async (bundleId: string) => {
      await api.delete(path(bundleId));
      await refresh();
    },
  };
}
