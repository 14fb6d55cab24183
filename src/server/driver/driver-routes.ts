import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DRIVER_API, DRIVER_LINK_HEADER } from '#domain/driver/driver-link';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { discardUnread } from '../files/multipart-body';
import { bodyOf, Given, paramsOf, useRouteSchemas } from '../plugins/route-schemas';
import { DropBody } from '../runs/run-schemas';
import type { DriverDrops } from './driver-drops';
import type { DriverLink, DriverService } from './driver-service';

/** Only office staff and admins hand a run to a driver (docs/decisions/044). */
export const DRIVER_LINK_EDITORS_ONLY = "Only office staff and admins can make or cancel a driver's link. Ask one of them.";

export interface DriverRoutesOptions {
  driver: DriverService;
  drops: DriverDrops;
  rateLimitPerMinute: number;
}

const RunParams = paramsOf('run');
const LinkParams = paramsOf('id');
/** The short code typed from the run sheet, or the QR's secret; any other value opens nothing. */
const OpenBody = bodyOf({ code: Given }, "A driver's link's short code or its QR secret");

/**
 * The driver's link routes (docs/decisions/044), thin over DriverService. The driver routes are
 * authorised by the link's secret in DRIVER_LINK_HEADER only: a signed-in user's token opens none
 * of them, and the secret opens nothing else (every other route sees a visitor).
 */
export async function driverRoutes(fastify: FastifyInstance, { driver, drops, rateLimitPerMinute }: DriverRoutesOptions): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], DRIVER_LINK_EDITORS_ONLY);
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  app.get(DRIVER_API.runLinksRoute, { schema: { params: RunParams }, preHandler: editors }, async (request) => ({
    items: await driver.list(requireUser(request.auth), request.params.run),
  }));
  app.post(DRIVER_API.runLinksRoute, { schema: { params: RunParams }, preHandler: editors }, async (request) =>
    driver.create(requireUser(request.auth), request.params.run),
  );
  app.post(DRIVER_API.revokeRoute, { schema: { params: LinkParams }, preHandler: editors }, async (request) =>
    driver.revoke(requireUser(request.auth), request.params.id),
  );

  app.post(DRIVER_API.open, { schema: { body: OpenBody }, config: limited }, async (request) => driver.open(request.ip, request.body.code));
  app.get(DRIVER_API.run, async (request) => driver.run(await linkOf(driver, request)));
  // JSON, or multipart (its body is read after the link is checked, so the schema sees `{}` for it).
  app.post(DRIVER_API.drops, { schema: { body: DropBody } }, async (request) => {
    // The link first: without a working one the body is never read (docs/decisions/052).
    let link: DriverLink;
    try {
      link = await linkOf(driver, request);
    } catch (error) {
      discardUnread(request);
      throw error;
    }
    return drops.fromRequest(link, request, request.body);
  });
}

export function linkOf(driver: DriverService, request: FastifyRequest): Promise<DriverLink> {
  return driver.linkOf(request.headers[DRIVER_LINK_HEADER]);
}
