/**
 * The first tap as a phone feels it: Chromium at 390×844, pixel ratio 3, touch, the CPU slowed
 * 4× (Lighthouse's mobile preset), a page opened in a fresh context and left alone for 3 s,
 * then one control tapped. The figure is the time from the touch to the frame that shows the
 * control's answer (a heart or a toggle pressed, the navbar's cart counting it), then the
 * same for a second control of its kind, as every later tap is.
 */
import type { Browser, Locator, Page } from 'playwright-core';

export interface TapTarget {
  /** What is tapped, for the table. */
  label: string;
  path: string;
  /** The controls of this kind on the page: the first is tapped first, the second after it. */
  control: string;
  /** Another control for the second tap, when the page has one of this kind only. */
  second?: string;
  /** How the answer shows: the control pressed, or the navbar's cart counting the wallpaper. */
  answer: 'pressed' | 'cart';
}

const SLOWDOWN = 4;
const IDLE_MS = 3000;
const MARK = 'data-tap-target';

/**
 * Marks the control and arms a timer in the page: the milliseconds from the touch (the
 * pointerdown's own time stamp) to the frame that paints the answer, read in that frame's
 * callback, which runs just before it is painted.
 */
async function armTimer(page: Page, control: Locator, answer: TapTarget['answer']): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await control.evaluate((element, mark) => {
    document.querySelector(`[${mark}]`)?.removeAttribute(mark);
    element.setAttribute(mark, '');
  }, MARK);
  await page.waitForTimeout(300);
  await page.evaluate(
    ({ answer, mark }) => {
      const answered = () =>
        answer === 'pressed'
          ? document.querySelector(`[${mark}]`)?.getAttribute('aria-pressed') === 'true'
          : Number(document.querySelector<HTMLElement>('[data-testid="cart-count"]:not([hidden])')?.dataset.count) > 0;
      const w = window as unknown as { tapTime?: Promise<number> };
      w.tapTime = new Promise((resolve) => {
        let touched: number | undefined;
        addEventListener('pointerdown', (event) => (touched ??= event.timeStamp), { capture: true, once: true });
        const poll = () => {
          if (touched !== undefined && answered()) requestAnimationFrame(() => resolve(performance.now() - touched!));
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      });
    },
    { answer, mark: MARK },
  );
}

/** A tap that shows no answer in this long is reported as failed. */
const ANSWER_TIMEOUT_MS = 15_000;

async function tapAndTime(page: Page, control: Locator, answer: TapTarget['answer']): Promise<number> {
  await armTimer(page, control, answer);
  await control.tap();
  return page.evaluate(
    (timeout) =>
      Promise.race([
        (window as unknown as { tapTime: Promise<number> }).tapTime,
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the tap showed no answer')), timeout)),
      ]),
    ANSWER_TIMEOUT_MS,
  );
}

/** One fresh visit: the first tap's time and, unless the answer left the page, a second tap's. */
export async function measureTap(
  browser: Browser,
  baseUrl: string,
  target: TapTarget,
): Promise<{ first: number; second: number | undefined }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await page.goto(baseUrl + target.path, { waitUntil: 'load' });
    await page.waitForTimeout(IDLE_MS);
    const controls = page.locator(target.control);
    const first = await tapAndTime(page, controls.first(), target.answer);
    if (target.answer === 'cart') return { first, second: undefined };
    const second = target.second ? page.locator(target.second).first() : controls.nth(1);
    return { first, second: await tapAndTime(page, second, target.answer) };
  } finally {
    await context.close();
  }
}
