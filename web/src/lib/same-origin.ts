/**
 * The API links its files as absolute URLs on the store's PUBLIC_URL, so its apps can load them
 * (decision 039). The web app asks for the store's own paths on the origin it was opened from,
 * which may be another name of the same store (a LAN address, localhost).
 */
export function onThisOrigin(link: string): string {
  const url = new URL(link, window.location.href);
  return url.pathname.startsWith('/api/') ? url.pathname + url.search : link;
}
