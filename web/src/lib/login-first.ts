import type { NavigateFunction } from 'react-router';
import { MESSAGES } from '#contract/constants.ts';
import { notify } from './toast.ts';

/** Sends a visitor to log in first, saying why; the login page brings them back to `returnUrl`. */
export function sendToLogin(navigate: NavigateFunction, returnUrl: string, options: { replace?: boolean } = {}) {
  notify.info(MESSAGES.pleaseLogin);
  void navigate(`/login?returnUrl=${returnUrl}`, options);
}
