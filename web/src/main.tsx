/**
 * The entry, kept tiny (decision 031). A page rendered on the server paints and works without
 * JavaScript (links, the search form), so the app (React, the router, the query cache) is not
 * fetched for a first look: it starts at the visitor's first sign of use (a touch, the pointer,
 * a key, the wheel, focus), or once the page has loaded and its first-view images are on
 * screen when the page needs it to be whole: for a visitor whose cart, account, hearts or phone
 * change what it shows (the visitor mark says so), or when the server left part of it to the
 * browser. A click made before the app answers is replayed on the same element once the page
 * is hydrated. A page the browser draws itself starts the app at once.
 */
import './styles.css';
import { firstViewPainted } from './lib/first-view-painted.ts';
import { hasVisitorMark } from './lib/visitor-mark.ts';

/** How long to wait after the load event for first-view images a browser cannot report. */
const PAINT_PATIENCE_MS = 1000;
/** How long reporting this view's vitals may wait for the browser to be idle. */
const IDLE_PATIENCE_MS = 3000;
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'];
/** Clicks the browser itself carries out without the app: links, form controls, submit buttons. */
const NATIVE_CLICKS = 'a[href], input, select, textarea, label, summary, button[type="submit"]';

let clickedEarly: Element | undefined;
const rememberClick = (event: Event) => {
  const target = event.target instanceof Element ? event.target : undefined;
  clickedEarly = target && !target.closest(NATIVE_CLICKS) ? target : undefined;
};

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
  void import('./app/start.tsx').then(() => {
    removeEventListener('click', rememberClick, true);
    if (clickedEarly?.isConnected)
      clickedEarly.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

const root = document.getElementById('root');
/** The server rendered the page without some of its answers (later pages of a list): the app fetches them. */
const incomplete = root?.hasAttribute('data-incomplete') ?? false;

/** Work the page does not need, once the browser is idle (Safari has no idle callback: a task). */
const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: IDLE_PATIENCE_MS }) : setTimeout(work, 0);

// Each step runs in a task of its own, so none holds a phone's main thread past a frame.
const afterPaint = () =>
  void firstViewPainted(PAINT_PATIENCE_MS).then(async () => {
    whenIdle(
      () => void import('./features/vitals/api/report-vitals.ts').then(({ reportWebVitals }) => reportWebVitals()),
    );
    if (incomplete || (await hasVisitorMark())) requestAnimationFrame(() => setTimeout(start, 0));
  });

if (root?.hasChildNodes()) {
  for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
  addEventListener('click', rememberClick, true);
} else start();
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
