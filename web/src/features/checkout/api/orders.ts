import type { CreateOrderResult, OrderResult } from '../../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';

export const checkoutApi = {
  createOrder: (itemIds: string[]) => api.post<CreateOrderResult>('/api/orders', { itemIds }),
  capture: (id: string) => api.post<OrderResult>(`/api/orders/${encodeURIComponent(id)}/capture`),
  order: (id: string) => api.get<OrderResult>(`/api/orders/${encodeURIComponent(id)}`),
  confirm: (transactionId: string) => api.post<OrderResult>('/api/items/transaction', { transactionId }),
};
