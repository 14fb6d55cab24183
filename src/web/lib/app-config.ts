import type { AppConfig } from '#domain/records';
import { pb } from './pb';

let pending: Promise<AppConfig> | null = null;

/**
 * Public settings from the server (support address, public URL), fetched once per page load.
 * The server answers GET /api/app-config with `{ supportEmail, appUrl }`.
 */
export function loadAppConfig(): Promise<AppConfig> {
  pending ??= pb.send<AppConfig>('/api/app-config', { method: 'GET' }).catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}
