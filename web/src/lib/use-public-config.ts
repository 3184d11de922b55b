import { createContext, useCallback, useContext } from 'react';
import { STORE_NAME_DEFAULT } from '#contract/constants.ts';
import type { PublicConfig } from '#contract/config.ts';
import { DEFAULT_ASSET_BASE, itemFileUrl } from '#contract/item-url.ts';

const FALLBACK: PublicConfig = {
  storeName: STORE_NAME_DEFAULT,
  contactEmail: '',
  appStoreUrl: '',
  payment: { provider: 'test' },
  assetBase: DEFAULT_ASSET_BASE,
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

/** Where this deployment serves an item's public files: the server's /images, or PUBLIC_ASSET_URL. */
export function useItemFileUrl(): (itemId: string, file: string) => string {
  const { assetBase } = useContext(PublicConfigContext);
  return useCallback((itemId, file) => itemFileUrl(itemId, file, assetBase), [assetBase]);
}
