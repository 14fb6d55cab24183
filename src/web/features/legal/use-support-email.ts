import { useAppConfig } from '../../lib/use-app-config';

/** The support address from the server's public config; null until it has loaded (or if it fails). */
export function useSupportEmail(): string | null {
  return useAppConfig().data?.supportEmail ?? null;
}
