import type { CreateOrderResult, OrderResult } from '../../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';

export const checkoutApi = {
  createOrder: (itemIds: string[]) => api.post<CreateOrderResult>('/api/orders', { itemIds }),
  /** Either id names the order: `orderId` (ours) or `providerOrderId`. */
  capture: (orderId: string) => api.post<OrderResult>(`/api/orders/${encodeURIComponent(orderId)}/capture`),
  order: (orderId: string) => api.get<OrderResult>(`/api/orders/${encodeURIComponent(orderId)}`),
  confirm: (transactionId: string) => api.post<OrderResult>('/api/items/transaction', { transactionId }),
};
