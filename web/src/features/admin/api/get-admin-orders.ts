import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, AdminOrdersPage } from '#contract/admin-orders.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A page of orders, newest first; `query` is the lookup's query string (q, offset). */
export const adminOrdersQuery = (query: string) =>
  queryOptions({
    queryKey: queryKeys.adminOrdersPage(query),
    queryFn: () => api.get<AdminOrdersPage>(`/api/admin/orders${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (query: string) => useQuery(adminOrdersQuery(query));

/**
 * One order with its lines, refunds and emails. While a refund or an email waits for the
 * outbox, it is asked for again every two seconds until they settle.
 */
export const useAdminOrder = (orderId: string) =>
  useQuery({
    queryKey: queryKeys.adminOrder(orderId),
    queryFn: () => api.get<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data) ? 2000 : false),
  });

const isSettling = (order: AdminOrder) =>
  order.refunds.some((refund) => refund.status === 'requested') ||
  order.emails.some((email) => email.status === 'queued' || email.status === 'running');
