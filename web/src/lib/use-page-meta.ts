import { useEffect } from 'react';
import { pageTitle } from '#contract/pages.ts';
import { useStoreName } from './use-public-config.ts';

/** Sets the tab title and description as the client router moves between pages. */
export function usePageMeta(title: string, description?: string) {
  const storeName = useStoreName();
  useEffect(() => {
    document.title = pageTitle(title, storeName);
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, storeName]);
}
