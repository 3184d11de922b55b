import { STORE_NAME_DEFAULT } from '../../../contract/constants.ts';
import type { PublicConfig } from '../../../contract/config.ts';

/** The server inlines its public config in every page, so it is known before the first paint. */
function readInlinedConfig(): PublicConfig {
  const fallback: PublicConfig = { storeName: STORE_NAME_DEFAULT, contactEmail: '', appStoreUrl: '', payment: { provider: 'test' } };
  const element = document.getElementById('public-config');
  try {
    return element?.textContent ? { ...fallback, ...(JSON.parse(element.textContent) as PublicConfig) } : fallback;
  } catch {
    return fallback;
  }
}

const publicConfig = readInlinedConfig();

export const usePublicConfig = (): PublicConfig => publicConfig;

export const useStoreName = (): string => publicConfig.storeName;
