import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CreateCouponBody } from '#contract/coupons.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';

/** Every coupon, newest first, with its uses now. */
export const useCoupons = () =>
  useQuery({
    queryKey: queryKeys.adminCoupons,
    queryFn: () => api.get<Coupon[]>('/api/admin/coupons'),
    staleTime: 0,
  });

/** Makes a coupon, or ends and restarts one; the list refreshes. */
export function useCouponActions() {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterChange(queryClient, queryKeys.adminCoupons);
  return {
    create: async (coupon: CreateCouponBody) => {
      const made = await api.post<Coupon>('/api/admin/coupons', coupon);
      await refresh();
      return made;
    },
    setActive: async (couponId: string, active: boolean) => {
      await api.patch<Coupon>(`/api/admin/coupons/${encodeURIComponent(couponId)}`, { active });
      await refresh();
    },
  };
}
