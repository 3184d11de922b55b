import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_ITEM_COUNT } from './ui-constants.ts';
import { MESSAGES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { api } from './api-client.ts';
import { SERVER_RENDERED } from './server-rendered.ts';
import { queryKeys } from './query-keys.ts';

/** The original store's home list: newest first by itemId compared as text, 12 kept, empty on failure. */
export async function fetchNewestItems(): Promise<Item[]> {
  try {
    const items = await api.get<Item[]>(`/api/items?limit=${HOME_ITEM_COUNT}`);
    return [...items].sort((a, b) => (a.itemId < b.itemId ? 1 : -1)).slice(0, HOME_ITEM_COUNT);
  } catch (error) {
    console.error(MESSAGES.errorFetchingItems, error);
    return [];
  }
}

/** The catalogue's lists as the pages show them, each with its filters as a query string. */
export const listPaths = {
  newest: '/api/items',
  tag: (tag: string, filters: string) => `/api/items/tag/${encodeURIComponent(tag)}${filters && `?${filters}`}`,
  search: (q: string, filters: string) => `/api/items/search?q=${encodeURIComponent(q)}${filters && `&${filters}`}`,
};

export const newestItemsQuery = queryOptions({
  queryKey: queryKeys.newestItems(),
  queryFn: fetchNewestItems,
  meta: SERVER_RENDERED,
});

export const useNewestItems = () => useQuery(newestItemsQuery);

/** Items of the newest-first list from position `offset` on, and how many the list holds. */
export interface ItemWindow {
  offset: number;
  items: Item[];
  total: number;
}

/**
 * A window of the newest-first list, as the carousel pages through it. The answer carries its
 * own offset, so a previous window shown while the next loads is still read at the right
 * positions. `inPage`: the server renders it into the page; otherwise only the browser
 * fetches it (a window kept ahead of what is shown).
 */
export function useItemWindow(offset: number, limit: number, { inPage = true, enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.itemWindow(offset, limit),
    queryFn: async (): Promise<ItemWindow> => ({
      offset,
      ...(await api.getPage<Item>(`/api/items?offset=${offset}&limit=${limit}`)),
    }),
    placeholderData: keepPreviousData,
    ...(inPage ? { meta: SERVER_RENDERED, enabled } : { enabled: enabled && !import.meta.env.SSR }),
  });
}

/** 'More like this': wallpapers sharing the item's tags, most shared first. */
export function useLikeItem(itemId: string, limit = 8) {
  return useQuery({
    queryKey: queryKeys.like(itemId, limit),
    queryFn: () => api.get<Item[]>(`/api/items/${encodeURIComponent(itemId)}/like?limit=${limit}`),
    meta: SERVER_RENDERED,
  });
}

/** One published wallpaper (rendered into its own page by the server). */
export function useItem(itemId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.item(itemId),
    queryFn: () => api.get<Item>(`/api/items/${encodeURIComponent(itemId!)}`),
    enabled: Boolean(itemId),
    retry: false,
    meta: SERVER_RENDERED,
  });
}
