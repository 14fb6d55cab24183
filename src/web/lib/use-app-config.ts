import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '#domain/records';
import { pb } from './pb';
import { queryClient } from './query-client';
import { appConfigKeys } from './query-keys';

/**
 * Public settings from the server (support address, public URL): GET /api/app-config answers
 * `{ supportEmail, appUrl }`. Fetched once per page load; they do not change while it runs.
 */
const appConfigQuery = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: () => pb.send<AppConfig>('/api/app-config', { method: 'GET' }),
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

/** The same settings outside React (the PDF credit at print time), from the same cache. */
export function loadAppConfig(): Promise<AppConfig> {
  return queryClient.fetchQuery(appConfigQuery);
}
