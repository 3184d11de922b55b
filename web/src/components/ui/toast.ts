import { toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../../../contract/constants.ts';

/** The spec's toasts: top-center, closing after 2000 ms (the container sets both). */
export const notify = {
  info: (message: string) => toast.info(message),
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};

export const TOAST_OPTIONS = { position: 'top-center', autoClose: TOAST_AUTO_CLOSE_MS } as const;
