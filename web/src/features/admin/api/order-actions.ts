import { useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '#contract/admin-orders.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';

/**
 * The owner's actions on an order: refund it whole or one line, and send its email again (each
 * press its own id, so a press sent twice sends one email). The answer is the order as it stands.
 */
export function useOrderActions(orderId: string) {
  const queryClient = useQueryClient();
  const path = `/api/admin/orders/${encodeURIComponent(orderId)}`;
  const settle = async (order: AdminOrder) => {
    queryClient.setQueryData(queryKeys.adminOrder(orderId), order);
    await refreshAfterChange(queryClient, queryKeys.adminOrders);
  };
  return {
    refund: async (itemIds?: string[]) => settle(await api.post<AdminOrder>(`${path}/refunds`, itemIds && { itemIds })),
    emailAgain: async (pressId: string) => settle(await api.post<AdminOrder>(`${path}/email-again`, { pressId })),
  };
}
