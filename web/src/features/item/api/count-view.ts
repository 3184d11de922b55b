import { useEffect } from 'react';

/**
 * Tells the server this wallpaper's details were shown, once per wallpaper shown, for the owner's
 * views-to-downloads figures; like the vitals, a view lost to a dropped connection is not worth
 * the visitor's attention.
 */
export function useCountView(itemId: string) {
  useEffect(() => {
    fetch(`/api/items/${encodeURIComponent(itemId)}/views`, { method: 'POST', keepalive: true }).catch(() => {});
  }, [itemId]);
}
