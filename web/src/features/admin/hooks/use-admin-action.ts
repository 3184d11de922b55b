import { useState } from 'react';
import { notify } from '../../../lib/toast.ts';

/**
 * Runs one of the owner's actions at a time: `busy` while it runs (for the buttons), then a toast
 * that says what was done, or why it was not.
 */
export function useAdminAction() {
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify.success(done);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, act };
}
