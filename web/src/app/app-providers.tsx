import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '#contract/config.ts';
import { PublicConfigContext } from '../lib/use-public-config.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** What every page is rendered inside, in the browser and on the server alike. */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: PublicConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <PublicConfigContext value={config}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </PublicConfigContext>
    </StrictMode>
  );
}
