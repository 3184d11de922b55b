/**
 * Until the app runs, a tap still answers at once (decision 034). The page is the server's
 * HTML: a heart or a toggle (aria-pressed) switches, add to cart counts the wallpaper on the
 * navbar's cart, any other button looks pressed. Only attributes change, which hydration does
 * not compare, so the app takes over the same elements; then every click and choice made
 * meanwhile is replayed on them, in order, and the app does what it does for a click.
 * Links, fields and submit buttons need no app: the browser carries them out.
 */

const NATIVE_CLICKS = 'a[href], input, select, textarea, label, summary, button[type="submit"]';
const PRESSED_LOOK = 'data-early-pressed';

/** What the visitor did before the app ran, to be done again by the app. */
const pending: { element: Element; event: 'click' | 'change' }[] = [];

/** The cart the browser keeps ('cart' in localStorage), read only when a tap needs it. */
function cartHolds(itemId: string): { holds: boolean; count: number } {
  try {
    const items = (JSON.parse(localStorage.getItem('cart') ?? 'null') as { items?: { myItem?: { itemId?: string } }[] })
      ?.items;
    const list = Array.isArray(items) ? items : [];
    return { holds: list.some((entry) => entry?.myItem?.itemId === itemId), count: list.length };
  } catch {
    return { holds: false, count: 0 };
  }
}

function answer(button: HTMLButtonElement): void {
  const pressed = button.getAttribute('aria-pressed');
  if (pressed !== null) {
    // A group of toggles (lock or home screen) has one pressed at a time.
    const group = button.closest('[role="group"]');
    if (group)
      for (const other of group.querySelectorAll('button[aria-pressed]'))
        other.setAttribute('aria-pressed', String(other === button));
    else button.setAttribute('aria-pressed', String(pressed !== 'true'));
    return;
  }
  button.setAttribute(PRESSED_LOOK, '');
  const itemId = button.dataset.addsToCart;
  const badge = document.querySelector<HTMLElement>('.icon-button__count');
  if (itemId && badge) {
    const cart = cartHolds(itemId);
    // Already there: the app says so when it runs, and the count stays.
    if (!cart.holds) {
      badge.dataset.count = String(cart.count + 1);
      badge.hidden = false;
    }
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : undefined;
  if (!target || target.closest(NATIVE_CLICKS)) return;
  const button = target.closest('button');
  if (button && !button.disabled) answer(button);
  pending.push({ element: target, event: 'click' });
}

function onChange(event: Event): void {
  if (event.target instanceof HTMLSelectElement) pending.push({ element: event.target, event: 'change' });
}

/** Answers taps from now until `replayEarlyActions`. */
export function answerEarly(): void {
  addEventListener('click', onClick, true);
  addEventListener('change', onChange, true);
}

/** Once the app has hydrated the page: what the visitor did meanwhile, done again by the app. */
export function replayEarlyActions(): void {
  removeEventListener('click', onClick, true);
  removeEventListener('change', onChange, true);
  for (const marked of document.querySelectorAll(`[${PRESSED_LOOK}]`)) marked.removeAttribute(PRESSED_LOOK);
  for (const { element, event } of pending.splice(0)) {
    if (!element.isConnected) continue;
    element.dispatchEvent(
      event === 'click'
        ? new MouseEvent('click', { bubbles: true, cancelable: true })
        : new Event('change', { bubbles: true }),
    );
  }
}
