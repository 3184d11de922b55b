import { useSyncExternalStore } from 'react';
import { syncVisitorMark } from './visitor-mark.ts';

export interface LocalStore<T> {
  get(): T;
  /** What a page rendered on the server shows: nothing is stored there. */
  readonly initial: T;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function parseJson(raw: string | null): unknown {
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * A value kept in localStorage under `key`, shared by every component and kept in step with
 * other tabs through the `storage` event. `parse` turns whatever is stored into a valid value.
 */
export function createLocalStore<T>(key: string, parse: (raw: unknown) => T): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T;

  const read = (): T => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // Storage can be blocked (private modes); the store then lives for this page only.
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = parse(parseJson(raw));
    }
    return cachedValue;
  };
  const notify = () => listeners.forEach((listener) => listener());

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) notify();
    });
  }

  return {
    get: read,
    initial: parse(null),
    set(value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        cachedRaw = undefined;
        cachedValue = value;
      }
      syncVisitorMark();
      notify();
    },
    clear() {
      try {
        localStorage.removeItem(key);
      } catch {
        // nothing stored to remove
      }
      syncVisitorMark();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLocalStore<T>(store: LocalStore<T>): T {
  // Hydration starts from the server's view, then React moves to what this browser stored.
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial);
}
