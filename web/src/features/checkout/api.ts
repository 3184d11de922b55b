import { useQuery } from '@tanstack/react-query';
import type { CreateOrderResult, LibraryEntry, OrderResult } from '../../../../contract/orders.ts';
import { api } from '../../lib/api-client.ts';
import { useUser } from '../session/user-store.ts';

export const checkoutApi = {
  createOrder: (itemIds: string[]) => api.post<CreateOrderResult>('/api/orders', { itemIds }),
  capture: (id: string) => api.post<OrderResult>(`/api/orders/${encodeURIComponent(id)}/capture`),
  order: (id: string) => api.get<OrderResult>(`/api/orders/${encodeURIComponent(id)}`),
  confirm: (transactionId: string) => api.post<OrderResult>('/api/items/transaction', { transactionId }),
};

/** What the logged-in user owns, with fresh download links; nothing when logged out. */
export function useLibrary() {
  const user = useUser();
  return useQuery({
    queryKey: ['library', user?.uid],
    queryFn: () => api.get<LibraryEntry[]>('/api/library'),
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}

export function useOwned(): Map<string, LibraryEntry> {
  const { data } = useLibrary();
  return new Map((data ?? []).map((entry) => [entry.itemId, entry]));
}

/** CHECKOUT keeps the cart's total for the payment page (display only: the server prices orders). */
const PAYMENT_VALUE_KEY = 'paymentValue';
export const paymentValue = {
  set: (total: number) => sessionStorage.setItem(PAYMENT_VALUE_KEY, String(total)),
  get: (): number | undefined => {
    const value = Number(sessionStorage.getItem(PAYMENT_VALUE_KEY));
    return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : undefined;
  },
  clear: () => sessionStorage.removeItem(PAYMENT_VALUE_KEY),
};
