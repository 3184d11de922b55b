import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_ITEM_COUNT, MESSAGES } from '../../../contract/constants.ts';
import type { Item } from '../../../contract/item.ts';
import { api } from './api-client.ts';
import { SERVER_RENDERED } from './server-rendered.ts';

/** The spec's home list: newest first by itemId compared as text, 12 kept, empty on failure. */
export async function fetchNewestItems(): Promise<Item[]> {
  try {
    const items = await api.get<Item[]>(`/api/items?limit=${HOME_ITEM_COUNT}`);
    return [...items].sort((a, b) => (a.itemId < b.itemId ? 1 : -1)).slice(0, HOME_ITEM_COUNT);
  } catch (error) {
    console.error(MESSAGES.errorFetchingItems, error);
    return [];
  }
}

export const newestItemsQuery = queryOptions({
  queryKey: ['items', 'newest'],
  queryFn: fetchNewestItems,
  meta: SERVER_RENDERED,
});

export const useNewestItems = () => useQuery(newestItemsQuery);

/**
 * A window of the newest-first list, as the carousel and the /new page page through it. The
 * answer carries its own offset, so a previous window shown while the next loads is still read
 * at the right positions.
 */
export function useItemWindow(offset: number, limit: number) {
  return useQuery({
    queryKey: ['items', 'window', offset, limit],
    queryFn: async () => ({ offset, items: await api.get<Item[]>(`/api/items?offset=${offset}&limit=${limit}`) }),
    placeholderData: keepPreviousData,
    meta: SERVER_RENDERED,
  });
}

/** 'More like this': wallpapers sharing the item's tags, most shared first. */
export function useLikeItem(itemId: string, limit = 8) {
  return useQuery({
    queryKey: ['like', itemId, limit],
    queryFn: () => api.get<Item[]>(`/api/items/${encodeURIComponent(itemId)}/like?limit=${limit}`),
  });
}

export function useItem(itemId: string | undefined) {
  return useQuery({
    queryKey: ['item', itemId],
    queryFn: () => api.get<Item>(`/api/items/${encodeURIComponent(itemId!)}`),
    enabled: Boolean(itemId),
    retry: false,
  });
}
