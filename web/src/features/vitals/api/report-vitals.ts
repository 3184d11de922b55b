import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { WebVital } from '#contract/vitals.ts';

/**
 * Sends this page view's web-vitals figures to our own server, nowhere else, as one batch when
 * the page is hidden (left, closed, switched away from), when the last of them (CLS, INP) are
 * final: one request per view, so quick browsing stays far within the store's limit. A
 * keepalive fetch of a string outlives the page like a beacon, without the Blob a JSON beacon
 * needs, whose copy held a phone's main thread for milliseconds per figure.
 */
export function reportWebVitals() {
  const queue = new Map<string, WebVital>();
  const flush = () => {
    if (queue.size === 0) return;
    const body = JSON.stringify([...queue.values()]);
    queue.clear();
    fetch('/api/vitals', {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {
      // A figure lost to a dropped connection is not worth the visitor's attention.
    });
  };
  const keep = (metric: { name: string; value: number; rating: string; navigationType: string }) => {
    // A figure reported again (CLS grows, INP worsens) replaces the one kept.
    queue.set(metric.name, {
      name: metric.name as WebVital['name'],
      value: metric.value,
      rating: metric.rating as WebVital['rating'],
      path: location.pathname.slice(0, 200),
      navigationType: metric.navigationType,
    });
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);
}
