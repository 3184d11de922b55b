import { createContext, useContext } from 'react';
import { STORE_NAME_DEFAULT } from '../../../contract/constants.ts';
import type { PublicConfig } from '../../../contract/config.ts';

const FALLBACK: PublicConfig = {
  storeName: STORE_NAME_DEFAULT,
  contactEmail: '',
  appStoreUrl: '',
  payment: { provider: 'test' },
};

/** The server inlines its public config in every page, so it is known before the first paint. */
export function readInlinedConfig(): PublicConfig {
  const element = document.getElementById('public-config');
  try {
    return element?.textContent ? { ...FALLBACK, ...(JSON.parse(element.textContent) as PublicConfig) } : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** Given by the page in the browser and by the server when it renders a page. */
export const PublicConfigContext = createContext<PublicConfig>(FALLBACK);

export const usePublicConfig = (): PublicConfig => useContext(PublicConfigContext);

export const useStoreName = (): string => useContext(PublicConfigContext).storeName;
