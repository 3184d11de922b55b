import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Banner, BannerFields, UpdateBannerBody } from '#contract/banners.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Every banner, in order. */
export const useAdminBanners = () =>
  useQuery({ queryKey: queryKeys.adminBanners, queryFn: () => api.get<Banner[]>('/api/admin/banners'), staleTime: 0 });

/** Makes, changes and deletes banners; the owner's list and the home page's refresh. */
export function useBannerActions() {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterChange(queryClient, queryKeys.adminBanners, queryKeys.banners);
  const path = (id: number) => `/api/admin/banners/${id}`;
  return {
    create: async (fields: BannerFields, image: File, onProgress: (fraction: number) => void) => {
      const made = await uploadFile<Banner>(`/api/admin/banners?${new URLSearchParams(fields)}`, image, onProgress);
      await refresh();
      return made;
    },
    update: async (id: number, change: UpdateBannerBody) => {
      await api.patch<Banner>(path(id), change);
      await refresh();
    },
    remove: async (id: number) => {
      await api.delete(path(id));
      await refresh();
    },
  };
}
