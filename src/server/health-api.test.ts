import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedPostgres, startTestServer, type TestServer } from '../../tests/support/server';

// GET /api/health as a load balancer uses it (docs/decisions/049): 200 while the database answers,
// 503 while it cannot be reached, 200 again once it is back.

interface Health {
  status: number;
  body: unknown;
}

async function health(server: TestServer): Promise<Health> {
  const response = await fetch(`${server.url}/api/health`);
  return { status: response.status, body: await response.json() };
}

/**
 * A TCP relay in front of the real PostgreSQL: `cut()` closes it and every connection through it,
 * so the server's database is gone exactly as when the database host stops; `mend()` reopens it.
 */
async function relayTo(target: URL): Promise<{ port: number; cut(): Promise<void>; mend(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (relay.address() as net.AddressInfo).port;
  const cut = async () => {
    const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return { port, cut, mend: () => listen(port), close: async () => (relay.listening ? cut() : undefined) };
}

describe('GET /api/health', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('answers 200 with PocketBase’s health body and the database as ok', async () => {
    server = await startTestServer();
    expect(await health(server)).toEqual({ status: 200, body: { code: 200, message: 'API is healthy.', data: { database: 'ok' } } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'GET /api/health with the PostgreSQL database unreachable (PostgreSQL pass only: an embedded SQLite file cannot go away while the server has it open)',
  () => {
    let server: TestServer | undefined;
    let relay: Awaited<ReturnType<typeof relayTo>> | undefined;
    afterAll(async () => {
      await relay?.mend().catch(() => undefined);
      await server?.close();
      await relay?.close();
    });

    it('answers 503 while the database cannot be reached and 200 once it is back', async () => {
      const database = await isolatedPostgres(process.env.TEST_DATABASE_URL ?? '');
      const direct = new URL(database.url);
      relay = await relayTo(direct);
      const throughRelay = new URL(database.url);
      throughRelay.hostname = '127.0.0.1';
      throughRelay.port = String(relay.port);
      server = await startTestServer({ databaseUrl: throughRelay.toString() });
      expect(await health(server)).toMatchObject({ status: 200, body: { data: { database: 'ok' } } });

      await relay.cut();
      const down = await health(server);
      expect(down).toEqual({
        status: 503,
        body: { code: 503, message: 'The database cannot be reached.', data: { database: 'unreachable' } },
      });
      // The server itself stays up and keeps answering.
      expect((await health(server)).status).toBe(503);

      await relay.mend();
      expect(await health(server)).toMatchObject({ status: 200, body: { data: { database: 'ok' } } });
      await database.drop();
    });
  },
);
