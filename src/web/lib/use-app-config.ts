import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '#domain/records';
import { pb } from './pb';
import { appConfigKeys } from './query-keys';

/**
 * Public settings from the server (support address, public URL): GET /api/app-config answers
 * `{ supportEmail, appUrl }`. Fetched once per page load; they do not change while it runs.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: () => pb.send<AppConfig>('/api/app-config', { method: 'GET' }),
    staleTime: Infinity,
  });
}
