import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_FAVOURITES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { notify } from './toast.ts';
import { api } from './api-client.ts';
import { createLocalStore, useLocalStore } from './local-store.ts';
import { useUser } from './user-store.ts';
import { queryKeys } from './query-keys.ts';
import { refreshAfterChange } from './refresh-after-change.ts';

/** A visitor's hearts, kept in this browser until they sign in. */
const visitorHearts = createLocalStore<string[]>('favourites', (raw) =>
  Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string').slice(0, MAX_FAVOURITES) : [],
);

/** The signed-in user's favourite wallpapers, from the account. */
export function useAccountFavourites() {
  const user = useUser();
  return useQuery({
    queryKey: queryKeys.favourites,
    queryFn: () => api.get<Item[]>('/api/users/me/favourites'),
    enabled: !!user,
  });
}

/** Whether a wallpaper has a heart, and the way to give or take it: in this browser for a visitor, on the account once signed in. */
export function useFavourites() {
  const user = useUser();
  const queryClient = useQueryClient();
  const local = useLocalStore(visitorHearts);
  const account = useAccountFavourites();
  const hearts = new Set(user ? (account.data ?? []).map((item) => item.itemId) : local);

  const toggle = async (item: Item) => {
    const on = !hearts.has(item.itemId);
    if (!user) {
      visitorHearts.set(
        on ? [item.itemId, ...local].slice(0, MAX_FAVOURITES) : local.filter((id) => id !== item.itemId),
      );
      return;
    }
    // Shown at once; the account follows, and a failure puts the heart back.
    queryClient.setQueryData<Item[]>(queryKeys.favourites, (items = []) =>
      on ? [item, ...items] : items.filter((other) => other.itemId !== item.itemId),
    );
    try {
      if (on) await api.post('/api/users/me/favourites', { itemIds: [item.itemId] });
      else await api.delete(`/api/users/me/favourites/${item.itemId}`);
    } catch {
      notify.error('Your favourites could not be saved. Please try again.');
      await refreshAfterChange(queryClient, queryKeys.favourites);
    }
  };
  return { has: (itemId: string) => hearts.has(itemId), toggle };
}

/** At sign-in, a visitor's hearts join the account's and leave this browser. */
export async function mergeVisitorFavourites(): Promise<void> {
  const itemIds = visitorHearts.get();
  if (!itemIds.length) return;
  await api.post('/api/users/me/favourites', { itemIds });
  visitorHearts.clear();
}
