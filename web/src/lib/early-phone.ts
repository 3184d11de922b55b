import { detectPhoneScreen } from '#contract/devices.ts';
import { lockScreenDate, lockScreenTime, previewGeometry } from './phone-preview-model.ts';

/**
 * The visitor's clock and phone on a page rendered on the server, before the app runs
 * (decision 034): the lock screen's date and time, and, where the screen and pixel ratio name
 * one listed phone, the preview cut for it, the picker showing it and the phone download
 * offered. Attributes only, as the app would set them, so hydration keeps these elements.
 * Returns a function that stops the clock (the app keeps its own).
 */
export function drawForThisPhone(): () => void {
  const tick = () => {
    const now = new Date();
    for (const clock of document.querySelectorAll<HTMLElement>('[data-clock]'))
      clock.dataset.text = clock.dataset.clock === 'date' ? lockScreenDate(now) : lockScreenTime(now);
  };
  tick();
  const clock = setInterval(tick, 15_000);

  const phone = detectPhoneScreen(window.screen, window.devicePixelRatio);
  if (phone) {
    const screen = { width: phone.width, height: phone.height };
    for (const figure of document.querySelectorAll<HTMLElement>('.phone-preview[data-original]')) {
      const [width = 0, height = 0] = (figure.dataset.original ?? '').split('x').map(Number);
      const [x = 0.5, y = 0.5] = (figure.dataset.focal ?? '').split(' ').map(Number);
      const geometry = previewGeometry({ width, height }, screen, { x, y });
      const frame = figure.querySelector<HTMLElement>('.phone-preview__frame');
      const picture = figure.querySelector<HTMLElement>('.phone-preview__picture');
      if (!geometry || !frame || !picture) continue;
      frame.style.aspectRatio = geometry.aspectRatio;
      Object.assign(picture.style, geometry.picture);
      figure.querySelector<HTMLElement>('.phone-preview__hint')?.toggleAttribute('hidden', !geometry.underClock);
    }
    for (const select of document.querySelectorAll<HTMLSelectElement>('.phone-picker__select')) select.value = phone.id;
    for (const label of document.querySelectorAll('.phone-picker__label')) label.setAttribute('data-detected', 'true');
    for (const shown of document.querySelectorAll<HTMLElement>('[data-phone-download]')) shown.hidden = false;
  }
  return () => clearInterval(clock);
}
