/**
 * The entry, kept tiny: a page rendered on the server paints and works without JavaScript
 * (links, the search form), so the app (React, the router, the query cache) is fetched only
 * after the page has loaded and its first-view images are on screen, and never competes with
 * them. A page the browser draws itself starts the app at once.
 */
import './styles.css';
import { firstViewPainted } from './lib/first-view-painted.ts';

/** How long to wait after the load event for first-view images a browser cannot report. */
const PAINT_PATIENCE_MS = 1000;

const start = () => void import('./app/start.tsx');
const afterPaint = () =>
  void firstViewPainted(PAINT_PATIENCE_MS).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (!serverRendered) start();
else if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
