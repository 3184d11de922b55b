import { useState, type FormEvent } from 'react';

/**
 * The submit of a form that talks to the server: `check` may answer a problem to show instead
 * of sending; while `work` runs the form is pending; a failure shows its message (the server's
 * `{ message }`), or `fallback` when it has none.
 */
export function useFormSubmit(fallback: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const submitWith = (work: () => Promise<void>, check?: () => string | undefined) => async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = check?.();
    setError(problem ?? '');
    if (problem) return;
    setPending(true);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : fallback);
    } finally {
      setPending(false);
    }
  };

  return { pending, error, setError, submitWith };
}
