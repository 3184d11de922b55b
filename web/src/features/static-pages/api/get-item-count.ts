import { useQuery } from '@tanstack/react-query';
import type { Item } from '#contract/item.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { SERVER_RENDERED } from '../../../lib/server-rendered.ts';

/** How many wallpapers are published (rendered into the page by the server). */
export const useItemCount = () =>
  useQuery({
    queryKey: queryKeys.itemCount(),
    queryFn: async () => (await api.getPage<Item>('/api/items?limit=1')).total,
    meta: SERVER_RENDERED,
  });
