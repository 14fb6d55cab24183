import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { ApiError, badRequest, forbidden } from '../errors';
import { bodyOf, Given, useRouteSchemas } from '../plugins/route-schemas';
import { accessOf } from '../records/access-rules';
import type { Collection } from '../records/collection';
import type { SqlDialect } from '../records/filter/field-map';
import type { RealtimeBroker } from './broker';
import { parseSubscription, SUBSCRIPTION_BOUNDS, type Subscription } from './subscriptions';

export interface RealtimeRoutesOptions {
  broker: RealtimeBroker;
  collections: Collection[];
  dialect: SqlDialect;
  maxStreamsPerUser: number;
}

// PocketBase's limit on the client id.
const MAX_CLIENT_ID = 255;
const { maxKeys, maxKeyLength, maxKeyChars, maxOptionKeys, maxStreamCost } = SUBSCRIPTION_BOUNDS;

/** PocketBase's subscribe form: the stream's client id and its topics, each refused below with PocketBase's sentence. */
const SubscribeBody = bodyOf({ clientId: Given, subscriptions: Given }, "The stream's client id and the topics it listens to");
type SubscribeBody = Static<typeof SubscribeBody>;

/** `GET /api/realtime` (the SSE stream) and `POST /api/realtime` (its auth and subscriptions), as PocketBase. */
export async function realtimeRoutes(fastify: FastifyInstance, options: RealtimeRoutesOptions): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { broker, collections, dialect, maxStreamsPerUser } = options;

  // Streams never end by themselves: end them first, or closing the server would wait for them.
  app.addHook('preClose', async () => broker.endAll());
  app.addHook('onClose', async () => broker.close());

  app.get('/api/realtime', async (request, reply) => {
    const refusal = broker.admit(request.ip);
    if (refusal) throw refusal;
    reply.hijack();
    broker.connect(request.raw, reply.raw, request.ip);
  });

  app.post('/api/realtime', { schema: { body: SubscribeBody } }, async (request, reply) => {
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

    let subscriptions = keys.map((key) => parseSubscription(key, collections, dialect)).filter((s): s is Subscription => s !== null);
    // A visitor's rights never change on this stream (signing in means a new subscribe): what no
    // visitor may read can never reach it, so nothing is kept for it. PocketBase still answers 204.
    if (!user) subscriptions = subscriptions.filter((s) => accessOf(s.collection, dialect).permits(s.rule, { user: null }));
    const cost = subscriptions.reduce((sum, s) => sum + s.cost, 0);
    if (cost > maxStreamCost)
      throw invalidSubscriptions(
        `The filters of these live subscriptions are too costly to check on every change (cost ${cost}; at most ${maxStreamCost}: a condition costs 1, a ~ search 100). Use fewer conditions or searches.`,
      );
    broker.subscribe(
      client,
      user
        ? { userId: user.id, tokenKey: user.tokenKey, expiresAt: tokenExpiry(request.headers.authorization), nursery: user.nursery }
        : null,
      subscriptions,
    );
    return reply.code(204).send();
  });
}

function invalidSubscriptions(message: string): ApiError {
  return badRequest(message, { subscriptions: { code: 'validation_invalid_value', message } });
}

/** The form as PocketBase reads it, within what one stream may hold (SUBSCRIPTION_BOUNDS). */
function readForm(form: SubscribeBody): { clientId: string; keys: string[] } {
  const clientId = typeof form.clientId === 'string' ? form.clientId : '';
  if (clientId === '' || clientId.length > MAX_CLIENT_ID)
    throw badRequest('The realtime request needs the client id from the connect event.', {
      clientId: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  const raw = form.subscriptions ?? [];
  const valid = Array.isArray(raw) && raw.every((key) => typeof key === 'string' && key.length <= maxKeyLength && !/[\r\n]/.test(key));
  if (!valid) throw invalidSubscriptions(`Must be a list of topics of up to ${maxKeyLength} characters each.`);
  // A set, as PocketBase keeps them: the same key twice would otherwise get every event twice.
  const keys = [...new Set((raw as string[]).filter((key) => key !== ''))];
  if (keys.length > maxKeys) throw invalidSubscriptions(`Too many live subscriptions (${keys.length}; at most ${maxKeys}).`);
  const chars = keys.reduce((sum, key) => sum + key.length, 0);
  if (chars > maxKeyChars)
    throw invalidSubscriptions(`The live subscriptions are too long together (${chars} characters; at most ${maxKeyChars}).`);
  const withOptions = keys.filter((key) => key.includes('?')).length;
  if (withOptions > maxOptionKeys)
    throw invalidSubscriptions(`Too many live subscriptions with options (${withOptions}; at most ${maxOptionKeys}).`);
  return { clientId, keys };
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
