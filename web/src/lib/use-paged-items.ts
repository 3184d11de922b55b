import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LIST_PAGE_SIZE } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { api } from './api-client.ts';
import { SERVER_RENDERED } from './server-rendered.ts';
import { queryKeys } from './query-keys.ts';

/** How many pages an address may ask for at once (?page=N). */
const MAX_PAGES = 50;

/**
 * A catalogue list shown page by page, as far as the address says (`?page=N` shows pages 1 to
 * N), so a reload or Back returns to the same place. Each page is its own query: pages already
 * seen come from the cache, and the first is rendered on the server.
 */
export function usePagedItems(listPath: string, options: { enabled?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const shown = Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const separator = listPath.includes('?') ? '&' : '?';
  const pages = useQueries({
    queries: Array.from({ length: shown }, (_, index) => ({
      queryKey: queryKeys.itemListPage(listPath, index),
      queryFn: () =>
        api.getPage<Item>(`${listPath}${separator}limit=${LIST_PAGE_SIZE}&offset=${index * LIST_PAGE_SIZE}`),
      enabled: options.enabled ?? true,
      ...(index === 0 && { meta: SERVER_RENDERED }),
    })),
  });

  // Pages are shown up to the first one not loaded yet; an item that moved between two pages shows once.
  const firstMissing = pages.findIndex((page) => !page.data);
  const loaded = firstMissing === -1 ? pages : pages.slice(0, firstMissing);
  const seen = new Set<string>();
  const items = loaded
    .flatMap((page) => page.data!.items)
    .filter((item) => !seen.has(item.itemId) && seen.add(item.itemId));
  const first = pages[0]!;
  const total = first.data?.total;
  // Nothing after a page that could not be loaded (after its retry) shows until it is.
  const missing = firstMissing === -1 ? undefined : pages[firstMissing];

  return {
    items: first.data ? items : undefined,
    total,
    suggestion: first.data?.suggestion,
    isPending: first.isPending,
    error: first.error,
    isFetching: pages.some((page) => page.isFetching),
    /** Whether the first page not shown could not be loaded; `retry` asks for it again. */
    failed: missing?.isError === true,
    retry: () => void missing?.refetch(),
    hasMore: total !== undefined && shown * LIST_PAGE_SIZE < total && shown < MAX_PAGES,
    loadMore: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(shown + 1));
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
  };
}

export type PagedItems = ReturnType<typeof usePagedItems>;
