import type { Query } from '@tanstack/react-query';

/**
 * The `meta` of a query whose answer is public and small (a bounded list): the server fetches
 * it while rendering a page, so the page arrives with it. Unbounded lists (a whole tag, search
 * results) are left to the browser.
 */
export const SERVER_RENDERED = { serverRendered: true };

export const isServerRendered = (query: Query): boolean => query.meta?.serverRendered === true;
