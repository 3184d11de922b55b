/** The wallpaper whose view was counted last: the app taking over a page the server drew shows it again. */
let lastCounted: string | undefined;

/**
 * Tells the server a wallpaper's details were shown, for the owner's views-to-downloads figures;
 * the same wallpaper shown again straight after counts once. Like the vitals, a view lost to a
 * dropped connection is not worth the visitor's attention.
 */
export function countView(itemId: string) {
  if (lastCounted === itemId) return;
  lastCounted = itemId;
  fetch(`/api/items/${encodeURIComponent(itemId)}/views`, { method: 'POST', keepalive: true }).catch(() => {});
}

/** The wallpaper a page's address is about (`/wallpapers/{itemId}/…`), if it is one's own page. */
export function wallpaperOfPath(pathname: string): string | undefined {
  const id = /^\/wallpapers\/([^/]+)/.exec(pathname)?.[1];
  return id && decodeURIComponent(id);
}
