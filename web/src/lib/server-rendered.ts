import type { Query } from '@tanstack/react-query';

/**
 * The `meta` of a query whose answer is public and small (one page of a list): the server
 * fetches it while rendering a page, so the page arrives with it. Later pages are left to the
 * browser.
 */
export const SERVER_RENDERED = { serverRendered: true };

export const isServerRendered = (query: Query): boolean => query.meta?.serverRendered === true;
