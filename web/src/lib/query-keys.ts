/**
 * Every query's key, from one factory: a change refreshes every view of what it changed by
 * invalidating a key's prefix (`items` covers every list, `review` the list and each entry).
 */
export const queryKeys = {
  items: ['items'] as const,
  newestItems: () => ['items', 'newest'] as const,
  itemWindow: (offset: number, limit: number) => ['items', 'window', offset, limit] as const,
  itemListPage: (listPath: string, index: number) => ['items', 'page', listPath, index] as const,
  itemCount: () => ['items', 'count'] as const,
  item: (itemId: string | undefined) => ['item', itemId] as const,
  like: (itemId: string, limit: number) => ['like', itemId, limit] as const,
  library: (userId: string | undefined) => ['library', userId] as const,
  favourites: ['favourites'] as const,
  order: (orderId: string | undefined) => ['order', orderId] as const,
  phoneLink: (code: string | undefined) => ['phone-link', code] as const,
  review: ['review'] as const,
  reviewList: (filter: string) => ['review', 'list', filter] as const,
  reviewEntry: (id: string) => ['review', 'entry', id] as const,
  failedJobs: ['failed-jobs'] as const,
  appSettings: ['app-settings'] as const,
  adminItems: ['admin-items'] as const,
  adminItemsPage: (query: string) => ['admin-items', query] as const,
  adminActions: (page: number) => ['admin-actions', page] as const,
  adminOrders: ['admin-orders'] as const,
  adminOrdersPage: (query: string) => ['admin-orders', query] as const,
  adminOrder: (orderId: string) => ['admin-orders', 'one', orderId] as const,
  adminCoupons: ['admin-coupons'] as const,
  adminReport: (query: string) => ['admin-report', query] as const,
  banners: ['banners'] as const,
  adminBanners: ['admin-banners'] as const,
};
