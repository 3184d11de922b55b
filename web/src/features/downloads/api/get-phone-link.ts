import { useQuery } from '@tanstack/react-query';
import type { OpenedPhoneLink } from '#contract/phone-links.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What a 'Send to phone' code opens: the file, for the screen chosen on the desktop; nothing without a code. */
export const usePhoneLink = (code: string | null) =>
  useQuery({
    queryKey: queryKeys.phoneLink(code ?? undefined),
    queryFn: () => api.get<OpenedPhoneLink>(`/api/phone-links/${encodeURIComponent(code!)}`),
    enabled: !!code,
    retry: false,
  });
