import { TOAST_AUTO_CLOSE_MS } from './ui-constants.ts';

type Kind = 'info' | 'success' | 'error';

/** react-toastify loads with the first toast (or the toast container), not with the page. */
const show = (kind: Kind) => (message: string) => {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
};

/** The original store's toasts: top-center, closing after 2000 ms (the container sets both). */
export const notify = {
  info: show('info'),
  success: show('success'),
  error: show('error'),
};

export const TOAST_OPTIONS = { position: 'top-center', autoClose: TOAST_AUTO_CLOSE_MS } as const;
