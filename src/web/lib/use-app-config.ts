import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '#domain/records';
import { pb } from './pb';
import { queryClient } from './query-client';
import { appConfigKeys } from './query-keys';

/**
 * Public settings from the server (support address, public URL, who may sign up): GET
 * /api/app-config answers `{ supportEmail, appUrl, signup }`. Fetched once per page load; they do
 * not change while it runs.
 */
const appConfigQuery = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: () => pb.send<AppConfig>('/api/app-config', { method: 'GET' }),
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

/**
 * Whether sign-up is open to anyone or by invitation only, for screens outside the QueryProvider
 * (the login page). Until the server answers, or if it cannot, sign-up counts as open: the server
 * refuses an uninvited sign-up with its own sentence anyway.
 */
export function useSignupMode(): AppConfig['signup'] {
  return useQuery(appConfigQuery, queryClient).data?.signup ?? 'open';
}

/** The same settings outside React (the PDF credit at print time), from the same cache. */
export function loadAppConfig(): Promise<AppConfig> {
  return queryClient.fetchQuery(appConfigQuery);
}
