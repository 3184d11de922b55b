import type { WebVital } from '../../../../../contract/vitals.ts';

/** Sends each web-vitals figure of this page view to our own server, nowhere else. */
export async function reportWebVitals() {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const send = (metric: { name: string; value: number; rating: string; navigationType: string }) => {
    const body: WebVital = {
      name: metric.name as WebVital['name'],
      value: metric.value,
      rating: metric.rating as WebVital['rating'],
      path: location.pathname.slice(0, 200),
      navigationType: metric.navigationType,
    };
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/vitals', blob)) {
      void fetch('/api/vitals', {
        method: 'POST',
        body: blob,
        keepalive: true,
        headers: { 'content-type': 'application/json' },
      });
    }
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(send);
}
