import { useQuery } from '@tanstack/react-query';
import type { Quote } from '#contract/coupons.ts';
import type { CreateOrderResult, OrderResult, Purchase } from '#contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const checkoutApi = {
  createOrder: (purchase: Purchase) => api.post<CreateOrderResult>('/api/orders', purchase),
  /** The server's price of a purchase, with its coupon code if any; refused with the reason when the code does not apply. */
  quote: (purchase: Purchase) => api.post<Quote>('/api/orders/quote', purchase),
  /** Either id names the order: `orderId` (ours) or `providerOrderId`. */
  capture: (orderId: string) => api.post<OrderResult>(`/api/orders/${encodeURIComponent(orderId)}/capture`),
  order: (orderId: string) => api.get<OrderResult>(`/api/orders/${encodeURIComponent(orderId)}`),
  confirm: (transactionId: string) => api.post<OrderResult>('/api/items/transaction', { transactionId }),
};

/** An order as the server knows it; `passed` is what the payment page handed over, shown until the server answers. */
export const useOrder = (orderId: string, passed: OrderResult | undefined) =>
  useQuery({
    queryKey: queryKeys.order(orderId),
    queryFn: () => checkoutApi.order(orderId),
    enabled: Boolean(orderId),
    initialData: passed,
    staleTime: 0,
  });
