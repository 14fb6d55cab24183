import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DRIVER_API, DRIVER_LINK_HEADER } from '#domain/driver/driver-link';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { discardUnread } from '../files/multipart-body';
import type { DriverDrops } from './driver-drops';
import type { DriverLink, DriverService } from './driver-service';

/** Only office staff and admins hand a run to a driver (docs/decisions/044). */
export const DRIVER_LINK_EDITORS_ONLY = "Only office staff and admins can make or cancel a driver's link. Ask one of them.";

export interface DriverRoutesOptions {
  driver: DriverService;
  drops: DriverDrops;
  rateLimitPerMinute: number;
}

/**
 * The driver's link routes (docs/decisions/044), thin over DriverService. The driver routes are
 * authorised by the link's secret in DRIVER_LINK_HEADER only: a signed-in user's token opens none
 * of them, and the secret opens nothing else (every other route sees a visitor).
 */
export async function driverRoutes(app: FastifyInstance, { driver, drops, rateLimitPerMinute }: DriverRoutesOptions): Promise<void> {
  const editors = requireRole(['admin', 'office'], DRIVER_LINK_EDITORS_ONLY);
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  app.get<{ Params: { run: string } }>(DRIVER_API.runLinksRoute, { preHandler: editors }, async (request) => ({
    items: await driver.list(requireUser(request.auth), request.params.run),
  }));
  app.post<{ Params: { run: string } }>(DRIVER_API.runLinksRoute, { preHandler: editors }, async (request) =>
    driver.create(requireUser(request.auth), request.params.run),
  );
  app.post<{ Params: { id: string } }>(DRIVER_API.revokeRoute, { preHandler: editors }, async (request) =>
    driver.revoke(requireUser(request.auth), request.params.id),
  );

  app.post<{ Body: { code?: unknown } | null }>(DRIVER_API.open, { config: limited }, async (request) =>
    driver.open(request.ip, request.body?.code),
  );
  app.get(DRIVER_API.run, async (request) => driver.run(await linkOf(driver, request)));
  app.post(DRIVER_API.drops, async (request) => {
    // The link first: without a working one the body is never read (docs/decisions/052).
    let link: DriverLink;
    try {
      link = await linkOf(driver, request);
    } catch (error) {
      discardUnread(request);
      throw error;
    }
    return drops.fromRequest(link, request);
  });
}

export function linkOf(driver: DriverService, request: FastifyRequest): Promise<DriverLink> {
  return driver.linkOf(request.headers[DRIVER_LINK_HEADER]);
}
