/**
 * The entry, kept tiny: a page rendered on the server paints and works without JavaScript
 * (links, the search form), so the app (React, the router, the query cache) is fetched only
 * after the page has loaded its images and painted them, and never competes with them. A page
 * the browser draws itself starts the app at once.
 */
import './styles.css';

const start = () => void import('./app/start.tsx');
/** After the frame that follows the load event: the page's largest image is on screen by then. */
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (!serverRendered) start();
else if (document.readyState === 'complete') afterNextPaint();
else addEventListener('load', afterNextPaint, { once: true });
