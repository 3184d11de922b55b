import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateItemBodySchema } from '#contract/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';

export type ItemChanges = z.input<typeof UpdateItemBodySchema>;

/** Changes an item (its fields, its focal point); every view of it and of the lists refreshes. */
export function useUpdateItem() {
  const queryClient = useQueryClient();
  return async (itemId: string, changes: ItemChanges) => {
    await api.patch(`/api/items/${encodeURIComponent(itemId)}`, changes);
    await refreshAfterChange(
      queryClient,
      queryKeys.item(itemId),
      queryKeys.items,
      queryKeys.review,
      queryKeys.adminItems,
    );
  };
}
