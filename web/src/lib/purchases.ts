import { useQuery } from '@tanstack/react-query';
import type { LibraryEntry } from '#contract/orders.ts';
import { api } from './api-client.ts';
import { useUser } from './user-store.ts';
import { queryKeys } from './query-keys.ts';

/** What the logged-in user owns, with fresh download links; nothing when logged out. */
export function useLibrary() {
  const user = useUser();
  return useQuery({
    queryKey: queryKeys.library(user?.uid),
    queryFn: () => api.get<LibraryEntry[]>('/api/library'),
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}

/** The items the logged-in user owns, by itemId. */
export function useOwned(): Map<string, LibraryEntry> {
  const { data } = useLibrary();
  return new Map((data ?? []).map((entry) => [entry.itemId, entry]));
}
