import { useQuery } from '@tanstack/react-query';
import type { Bundle } from '#contract/bundles.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { SERVER_RENDERED } from './server-rendered.ts';

/** The bundles for sale: few and public, so the home page arrives with them. */
export const useBundles = () =>
  useQuery({
    queryKey: queryKeys.bundles,
    queryFn: () => api.get<Bundle[]>('/api/bundles'),
    staleTime: 60_000,
    meta: SERVER_RENDERED,
  });

/** One bundle for sale; its page arrives with it. */
export const useBundle = (bundleId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.bundle(bundleId),
    queryFn: () => api.get<Bundle>(`/api/bundles/${encodeURIComponent(bundleId!)}`),
    enabled: Boolean(bundleId),
    staleTime: 60_000,
    meta: SERVER_RENDERED,
  });
