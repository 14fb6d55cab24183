import type { FastifyInstance } from 'fastify';
import { APP_BUILD_HEADER, APP_OUTDATED_CODE, APP_OUTDATED_FIELD } from '#domain/app-build';
import { ApiError } from '../errors';

export const APP_OUTDATED_MESSAGE =
  'Trolleyboard has been updated on the server. Reload this page to use the new version, then try again: nothing was saved.';

/** Requests that change nothing: answering an old page's subscriptions and session refresh keeps it readable until it reloads. */
function changesNothing(method: string, path: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || path === '/api/realtime' || path.endsWith('/auth-refresh');
}

/**
 * The installed app serves its shell from the device (docs/decisions/046), so after an update a
 * page can still run the build before it. A change from a page that names a build other than
 * the one this server serves (`entry`, from its index.html) is a 409 with a sentence, before any
 * route has read it; its reads still work, so the page stays readable until the person reloads.
 * Clients that name no build (the SDK, scripts, other sites) are not concerned.
 */
export function installAppBuildCheck(app: FastifyInstance, entry: string): void {
  if (entry === '') return;
  const header = APP_BUILD_HEADER.toLowerCase();
  // Callback style, not async: no promise per request for a check that almost always passes.
  app.addHook('onRequest', (request, _reply, done) => {
    const named = request.headers[header];
    const path = named === undefined || named === entry ? '' : (request.url.split('?', 1)[0] ?? '');
    if (!path.startsWith('/api/') || changesNothing(request.method, path)) {
      done();
      return;
    }
    done(new ApiError(409, APP_OUTDATED_MESSAGE, { [APP_OUTDATED_FIELD]: { code: APP_OUTDATED_CODE, message: APP_OUTDATED_MESSAGE } }));
  });
}
