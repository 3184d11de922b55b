import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';

/** Removes an item and its files (the server refuses one that was sold); every list refreshes. */
export function useDeleteItem() {
  const queryClient = useQueryClient();
  return async (itemId: string) => {
    await api.delete(`/api/items/${encodeURIComponent(itemId)}`);
    await refreshAfterChange(queryClient, queryKeys.items, queryKeys.adminItems, queryKeys.review);
  };
}
