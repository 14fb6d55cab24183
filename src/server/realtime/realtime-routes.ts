import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { ApiError, badRequest, forbidden } from '../errors';
import type { Collection } from '../records/collection';
import type { SqlDialect } from '../records/filter/field-map';
import type { RealtimeBroker } from './broker';
import { parseSubscription, type Subscription } from './subscriptions';

export interface RealtimeRoutesOptions {
  broker: RealtimeBroker;
  collections: Collection[];
  dialect: SqlDialect;
  maxStreamsPerUser: number;
}

// PocketBase's limits on the subscribe form.
const MAX_CLIENT_ID = 255;
const MAX_SUBSCRIPTIONS = 1000;
const MAX_KEY_LENGTH = 2500;

/** `GET /api/realtime` (the SSE stream) and `POST /api/realtime` (its auth and subscriptions), as PocketBase. */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeRoutesOptions): Promise<void> {
  const { broker, collections, dialect, maxStreamsPerUser } = options;

  // Streams never end by themselves: end them first, or closing the server would wait for them.
  app.addHook('preClose', async () => broker.endAll());
  app.addHook('onClose', async () => broker.close());

  app.get('/api/realtime', async (request, reply) => {
    if (broker.isFull()) throw new ApiError(503, 'The server has too many live connections right now. Please try again in a minute.');
    reply.hijack();
    broker.connect(request.raw, reply.raw, request.ip);
  });

  app.post('/api/realtime', async (request, reply) => {
    const { clientId, keys } = readForm(request.body);
    const client = broker.client(clientId);
    if (!client) throw new ApiError(404, 'Missing or invalid client id.');
    // Someone who guessed a client id still cannot change another address's subscriptions.
    if (client.ip !== request.ip) throw badRequest('Invalid realtime client.');

    const user = request.auth.user;
    // Only a visitor may become a user; a stream never changes hands while its sign-in still holds.
    if (client.auth && client.auth.userId !== user?.id && (await broker.isAlive(client.auth)))
      throw forbidden("The current and the previous request authorization don't match.");
    if (user && broker.streamsOf(user.id, client) >= maxStreamsPerUser)
      throw new ApiError(
        429,
        `Too many live connections for this account (at most ${maxStreamsPerUser}). Close Trolleyboard on a device or tab you no longer use and try again.`,
      );

    client.auth = user ? { userId: user.id, tokenKey: user.tokenKey, expiresAt: tokenExpiry(request.headers.authorization) } : null;
    client.subscriptions = keys.map((key) => parseSubscription(key, collections, dialect)).filter((s): s is Subscription => s !== null);
    return reply.code(204).send();
  });
}

function readForm(body: unknown): { clientId: string; keys: string[] } {
  const form = (typeof body === 'object' && body !== null ? body : {}) as { clientId?: unknown; subscriptions?: unknown };
  const clientId = typeof form.clientId === 'string' ? form.clientId : '';
  if (clientId === '' || clientId.length > MAX_CLIENT_ID)
    throw badRequest('The realtime request needs the client id from the connect event.', {
      clientId: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  const raw = form.subscriptions ?? [];
  const valid =
    Array.isArray(raw) &&
    raw.length <= MAX_SUBSCRIPTIONS &&
    raw.every((key) => typeof key === 'string' && key.length <= MAX_KEY_LENGTH && !/[\r\n]/.test(key));
  if (!valid)
    throw badRequest('The realtime subscriptions could not be read.', {
      subscriptions: {
        code: 'validation_invalid_value',
        message: `Must be a list of at most ${MAX_SUBSCRIPTIONS} topics of up to ${MAX_KEY_LENGTH} characters each.`,
      },
    });
  // A set, as PocketBase keeps them: the same key twice would otherwise get every event twice.
  return { clientId, keys: [...new Set((raw as string[]).filter((key) => key !== ''))] };
}

/** When the (already verified) token in the Authorization header expires, in ms since the epoch. */
function tokenExpiry(header: string | undefined): number {
  const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return 0;
  }
}
