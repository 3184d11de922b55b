import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { WebVital } from '../../../../../contract/vitals.ts';

/**
 * Sends each web-vitals figure of this page view to our own server, nowhere else. A keepalive
 * fetch of a string outlives the page like a beacon, without the Blob a JSON beacon needs,
 * whose copy held a phone's main thread for milliseconds per figure.
 */
export function reportWebVitals() {
  const send = (metric: { name: string; value: number; rating: string; navigationType: string }) => {
    const body: WebVital = {
      name: metric.name as WebVital['name'],
      value: metric.value,
      rating: metric.rating as WebVital['rating'],
      path: location.pathname.slice(0, 200),
      navigationType: metric.navigationType,
    };
    fetch('/api/vitals', {
      method: 'POST',
      body: JSON.stringify(body),
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {
      // A figure lost to a dropped connection is not worth the visitor's attention.
    });
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(send);
}
