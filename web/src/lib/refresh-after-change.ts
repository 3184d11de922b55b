import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads these views anew after a change the server has made. A read already under way started
 * before the change, and a query with nothing yet on screen would take its answer as the fresh
 * one, so it is cancelled first.
 */
export async function refreshAfterChange(queryClient: QueryClient, ...queryKeys: QueryKey[]) {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
