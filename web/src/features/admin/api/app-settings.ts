import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings } from '#contract/mobile-app.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const APP_SETTINGS_PATH = '/api/items/settings/init';

/** The Android app's settings, as the app reads them. */
export const appSettingsQuery = queryOptions({
  queryKey: queryKeys.appSettings,
  queryFn: () => api.get<AppSettings>(APP_SETTINGS_PATH),
});

export const useAppSettings = () => useQuery(appSettingsQuery);

/** Sets the app's ad level; the settings shown are the server's answer. */
export function useUpdateAdsLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adsLevel: number) => api.put<AppSettings>(APP_SETTINGS_PATH, { adsLevel }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.appSettings, settings),
  });
}
