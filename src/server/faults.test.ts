import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import PocketBase from 'pocketbase';
import { afterEach, expect, test } from 'vitest';
import {
  createStaffWithCli,
  isolatedDatabaseUrl,
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from '../../tests/support/server-process';
import { FUTURE_YEAR } from '../../tests/support/open-weeks';
import { sqliteFile } from './db/database';

// Faults an operator's machine will see (issue 9): the server killed mid-write, and stopped while
// busy. The real server runs as a child process (tests/support/server-process.ts) on SQLite,
// or on PostgreSQL in the PostgreSQL pass (TEST_DATABASE_URL).

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(name: string): Promise<{ options: ServerProcessOptions; account: { username: string; password: string } }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-faults-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const database = await isolatedDatabaseUrl();
  if (database) cleanups.push(() => database.drop());
  const options: ServerProcessOptions = { dataDir: path.join(dir, 'data'), databaseUrl: database?.url ?? null };
  return { options, account: await createStaffWithCli(options, name) };
}

async function started(options: ServerProcessOptions): Promise<ServerProcess> {
  const server = await startServerProcess(options);
  cleanups.push(() => server.kill('SIGKILL'));
  return server;
}

async function signedIn(url: string, account: { username: string; password: string }): Promise<PocketBase> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(account.username, account.password);
  return pb;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('SIGKILL in the middle of a burst of writes loses no acknowledged create or update', async () => {
  const { options, account } = await setUp('crashstaff');
  const server = await started(options);
  const pb = await signedIn(server.url, account);

  // Orders whose orderInfo is rewritten again and again, one update at a time per order.
  const updated = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      pb.collection('tasks').create({ title: `Rewritten ${i}`, orderInfo: 'rev 0', weekNumber: 20, year: FUTURE_YEAR }),
    ),
  );
  const lastAcknowledged = new Map(updated.map((order) => [order.id, 'rev 0']));
  const unanswered = new Map<string, string>();
  const created: Array<{ id: string; title: string; orderNumber: string; day: string }> = [];
  let acknowledgedWrites = 0;
  let crashed = false;

  const createLanes = Array.from({ length: 3 }, async (_, lane) => {
    for (let n = 0; !crashed; n++) {
      const body = { title: `Burst ${lane}-${n}`, orderNumber: `PO-${lane}-${n}`, day: 'wednesday', weekNumber: 20, year: FUTURE_YEAR };
      try {
        const record = await pb.collection('tasks').create(body);
        created.push({ id: record.id, title: body.title, orderNumber: body.orderNumber, day: body.day });
        acknowledgedWrites += 1;
      } catch {
        return; // the server is gone
      }
    }
  });
  const updateLanes = updated.map(async (order) => {
    for (let rev = 1; !crashed; rev++) {
      try {
        await pb.collection('tasks').update(order.id, { orderInfo: `rev ${rev}` });
        lastAcknowledged.set(order.id, `rev ${rev}`);
        acknowledgedWrites += 1;
      } catch {
        unanswered.set(order.id, `rev ${rev}`);
        return;
      }
    }
  });

  while (acknowledgedWrites < 60) await sleep(5);
  server.kill('SIGKILL');
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
  crashed = true;
  await Promise.all([...createLanes, ...updateLanes]);
  expect(created.length).toBeGreaterThan(0);

  if (!options.databaseUrl) {
    const db = new SQLite(sqliteFile(options.dataDir), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }

  // Restarted on the same data: every acknowledged write is there, intact.
  const restarted = await started(options);
  const after = await signedIn(restarted.url, account);
  const orders = await after.collection('tasks').getFullList({ filter: `weekNumber = 20 && year = ${FUTURE_YEAR}` });
  const byId = new Map(orders.map((order) => [order.id, order]));
  for (const order of created) {
    expect(byId.get(order.id), `acknowledged create ${order.title}`).toMatchObject({
      title: order.title,
      orderNumber: order.orderNumber,
      day: order.day,
      weekNumber: 20,
      year: FUTURE_YEAR,
    });
  }
  for (const [id, value] of lastAcknowledged) {
    // The last acknowledged value, or the one whose answer the kill cut off (it may have committed).
    expect([value, unanswered.get(id)]).toContain(byId.get(id)?.orderInfo);
  }
  // Each change's history entry was written in the change's own transaction (docs/decisions/034):
  // every order that survived has its entries, and they end at exactly what it holds now, one
  // update per revision, none for a change the kill undid.
  for (const [id, order] of byId) {
    const history = await after.send<{ items: Array<{ action: string; changes: Array<{ field: string; to: unknown }> }> }>(
      `/api/collections/tasks/records/${id}/history`,
      { query: { perPage: 1000 } },
    );
    expect(history.items[0]?.action, `history of ${order.title}`).toBe('create');
    const notes = history.items.slice(1).map((entry) => entry.changes.find((c) => c.field === 'orderInfo')?.to);
    const revisions = /^rev (\d+)$/.exec(String(order.orderInfo));
    if (revisions)
      expect(notes, `history of ${order.title}`).toEqual(Array.from({ length: Number(revisions[1]) }, (_, i) => `rev ${i + 1}`));
    else expect(notes, `history of ${order.title}`).toEqual([]);
  }
}, 180_000);

interface Answer {
  status: number;
  body: string;
}

/**
 * A create sent with node:http, so the test knows when it has really left: `sent` resolves once
 * the whole request is handed to the operating system. With `holdBody`, only the headers go now
 * (`Expect: 100-continue`): `received` resolves when the server answers 100 Continue, proving the
 * request is inside it, and the body goes when `send()` is called.
 */
function rawCreate(url: string, token: string, title: string, agent: http.Agent, holdBody = false) {
  const body = JSON.stringify({ title, weekNumber: 21, year: FUTURE_YEAR });
  const request = http.request(`${url}/api/collections/tasks/records`, {
    method: 'POST',
    agent,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Authorization: token,
      ...(holdBody ? { Expect: '100-continue' } : {}),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  const sent = new Promise<void>((resolve) => request.once('finish', resolve));
  const received = new Promise<void>((resolve) => request.once('continue', resolve));
  if (holdBody) request.flushHeaders();
  else request.end(body);
  return { sent, received, answer, send: () => request.end(body) };
}

test('SIGTERM under load: requests already sent are answered, then the server exits 0', async () => {
  const { options, account } = await setUp('shutdownstaff');
  const server = await started(options);
  const pb = await signedIn(server.url, account);

  // Load: a burst of creates, every one of them on its way (handed to the OS) before the signal...
  const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
  cleanups.push(() => agent.destroy());
  const burst = Array.from({ length: 30 }, (_, i) => rawCreate(server.url, pb.authStore.token, `Load ${i}`, agent));
  // ...and requests the server is provably in the middle of: headers in, body still to come.
  const held = Array.from({ length: 10 }, (_, i) => rawCreate(server.url, pb.authStore.token, `Held ${i}`, agent, true));
  await Promise.all([...burst.map((request) => request.sent), ...held.map((request) => request.received)]);

  server.kill('SIGTERM');
  await sleep(300); // the server is shutting down by now...
  for (const request of held) request.send(); // ...and the held requests finish.

  const answers = await Promise.all([...burst, ...held].map((request) => request.answer));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ title: expect.stringMatching(/^(Load|Held) \d+$/), weekNumber: 21 });
  }
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(server.output()).toContain('SIGTERM received, shutting down');
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

  // Everything answered was written.
  const restarted = await started(options);
  const after = await signedIn(restarted.url, account);
  const stored = await after.collection('tasks').getFullList({ filter: `weekNumber = 21 && year = ${FUTURE_YEAR}` });
  expect(new Set(stored.map((order) => order.title))).toEqual(new Set(answers.map((answer) => JSON.parse(answer.body).title as string)));
  expect(stored).toHaveLength(40);
}, 180_000);
