/** The wallpaper on screen whose view was counted: the app taking over a page the server drew shows it again. */
let onScreen: string | undefined;

/**
 * Tells the server a wallpaper's details were shown, for the owner's views-to-downloads figures;
 * shown again while still on screen (the app taking over the server's page), it counts once.
 * Like the vitals, a view lost to a dropped connection is not worth the visitor's attention.
 */
export function countView(itemId: string) {
  if (onScreen === itemId) return;
  onScreen = itemId;
  fetch(`/api/items/${encodeURIComponent(itemId)}/views`, { method: 'POST', keepalive: true }).catch(() => {});
}

/** The wallpaper left the screen: showing it again is another view. */
export function viewEnded() {
  onScreen = undefined;
}

/** The wallpaper a page's address is about (`/wallpapers/{itemId}/…`), if it is one's own page. */
export function wallpaperOfPath(pathname: string): string | undefined {
  const id = /^\/wallpapers\/([^/]+)/.exec(pathname)?.[1];
  return id && decodeURIComponent(id);
}
