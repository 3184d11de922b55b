import { useQuery } from '@tanstack/react-query';
import type { Banner } from '#contract/banners.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { SERVER_RENDERED } from '../../../lib/server-rendered.ts';

/** The owner's active banners, in order: few and public, so the home page arrives with them. */
export const useBanners = () =>
  useQuery({
    queryKey: queryKeys.banners,
    queryFn: () => api.get<Banner[]>('/api/banners'),
    staleTime: 60_000,
    meta: SERVER_RENDERED,
  });
