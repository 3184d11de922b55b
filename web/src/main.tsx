/**
 * The entry, kept tiny (decisions 031, 034). A page rendered on the server paints and works
 * without JavaScript (links, the search form), so the app (React, the router, the query cache)
 * is not fetched for a first look: it starts at the visitor's first sign of use, or once the
 * page has loaded and its first-view images are on screen when the page needs it to be whole:
 * for a visitor whose cart, account, hearts or phone change what it shows (the visitor mark
 * says so), or when the server left part of it to the browser. Until it runs, the page answers
 * taps itself (early-answers.ts) and shows the visitor's clock and phone (early-phone.ts); what
 * was tapped is replayed once the page is hydrated. A page the browser draws itself starts the
 * app at once.
 */
import './styles.css';
import { countView, wallpaperOfPath } from './lib/count-view.ts';
import { answerEarly, replayEarlyActions } from './lib/early-answers.ts';
import { drawForThisPhone } from './lib/early-phone.ts';
import { firstViewPainted } from './lib/first-view-painted.ts';
import { hasVisitorMark } from './lib/visitor-mark.ts';

/** How long to wait after the load event for first-view images a browser cannot report. */
const PAINT_PATIENCE_MS = 1000;
/** How long reporting this view's vitals may wait for the browser to be idle. */
const IDLE_PATIENCE_MS = 3000;
/** A finger down may be a tap: its click, and the frame that answers it, come first (a tap takes well under this). */
const TAP_PATIENCE_MS = 400;
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'];

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) removeEventListener(type, onIntent, true);
  removeEventListener('click', startAfterFrame, true);
  void import('./app/start.tsx').then(() => {
    stopClock();
    replayEarlyActions();
  });
}

/** Starts the app once the frame now being drawn (a tap's answer) is on screen. */
const startAfterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));

/**
 * A touch may be the start of a tap: starting the app then would put its work between the
 * finger and the frame that answers the tap. The app starts after the click's answer instead.
 */
function onIntent(event: Event) {
  if (event.type === 'touchstart' || (event instanceof PointerEvent && event.pointerType === 'touch'))
    setTimeout(startAfterFrame, TAP_PATIENCE_MS);
  else start();
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
    whenIdle(() => {
      void import('./features/vitals/api/report-vitals.ts').then(({ reportWebVitals }) => reportWebVitals());
      // A wallpaper's page is a view of it whether or not the visitor ever touches it.
      const shown = wallpaperOfPath(location.pathname);
      if (shown) countView(shown);
    });
    if (incomplete || (await hasVisitorMark())) startAfterFrame();
  });

let stopClock = () => {};
if (root?.hasChildNodes()) {
  // In the frame about to be drawn, as a task of its own after this one.
  requestAnimationFrame(() => (stopClock = drawForThisPhone()));
  answerEarly();
  for (const type of INTENT_EVENTS) addEventListener(type, onIntent, { capture: true, passive: true });
  addEventListener('click', startAfterFrame, true);
} else start();
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
