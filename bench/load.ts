// `npm run bench:load`: 100 concurrent SDK clients against one `npm start` server on loopback for
// 60 s (BENCH_LOAD_SECONDS), listing the week, updating orders with If-Match (re-reading and
// retrying on 412, as the web app offers) and, once /api/realtime exists, subscribed to orders.
// Prints errors (non-2xx other than the expected 412s), lost updates and RSS at start and end;
// exits 1 when there was an error or a lost update.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { BOARD_WEEK, BOARD_YEAR, createStaffWithCli, type StaffLogin } from './lib/seed';
import { sleep, startNpmServer } from './lib/processes';
import { hasRealtime } from './lib/realtime';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 100);
const ORDERS = 100;
const ACCOUNTS = 4;
const weekFilter = `year = ${BOARD_YEAR} && weekNumber = ${BOARD_WEEK}`;

interface Ack {
  recordId: string;
  value: string;
  /** The version the update started from (If-Match) and the one it produced. */
  from: string;
  to: string;
}

const acks: Ack[] = [];
const errors = new Map<string, number>();
let lists = 0;
let updates = 0;
let conflicts = 0;
let events = 0;

function countError(what: string, error: unknown): void {
  const key = error instanceof ClientResponseError ? `${what}: ${error.status} ${error.message}` : `${what}: ${String(error)}`;
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

async function updateWithRetry(pb: PocketBase, id: string, value: string): Promise<void> {
  let current = await pb.collection('tasks').getOne(id);
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const saved = await pb.collection('tasks').update(id, { orderInfo: value }, { headers: { 'If-Match': `"${current.updated}"` } });
      acks.push({ recordId: id, value, from: String(current.updated), to: String(saved.updated) });
      updates++;
      return;
    } catch (error) {
      if (!(error instanceof ClientResponseError) || error.status !== 412) throw error;
      conflicts++;
      current = await pb.collection('tasks').getOne(id); // someone else saved first: re-read
    }
  }
  throw new Error(`update of ${id} still conflicting after 20 tries`);
}

async function client(
  n: number,
  url: string,
  session: { token: string; record: RecordModel },
  ids: string[],
  until: number,
  realtime: boolean,
) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  pb.authStore.save(session.token, session.record);
  if (realtime) {
    try {
      await pb.collection('tasks').subscribe('*', () => {
        events++;
      });
    } catch (error) {
      countError('subscribe', error);
    }
  }
  let seq = 0;
  while (Date.now() < until) {
    const roll = Math.random();
    try {
      if (roll < 0.6) {
        await pb.collection('tasks').getFullList({ filter: weekFilter, sort: 'created' });
        lists++;
      } else {
        const id = ids[Math.floor(Math.random() * ids.length)] as string;
        await updateWithRetry(pb, id, `client ${n} update ${seq++}`);
      }
    } catch (error) {
      countError(roll < 0.6 ? 'list' : 'update', error);
    }
  }
  if (realtime) await pb.realtime.unsubscribe().catch((error: unknown) => countError('unsubscribe', error));
}

/**
 * Acknowledged updates that are neither in the final state nor superseded by a later one.
 * Compare-and-set makes a record's acknowledged updates one chain from its first version, each
 * starting from the version the previous one produced: two starting from the same version, or
 * one outside the chain, means an update overwrote another it never saw.
 */
function lostUpdates(finals: Map<string, { value: string; updated: string }>, initial: Map<string, string>): string[] {
  const problems: string[] = [];
  const byRecord = new Map<string, Ack[]>();
  for (const ack of acks) byRecord.set(ack.recordId, [...(byRecord.get(ack.recordId) ?? []), ack]);
  for (const [id, list] of byRecord) {
    const byFrom = new Map(list.map((a) => [a.from, a]));
    if (byFrom.size !== list.length)
      problems.push(`${id}: ${list.length - byFrom.size} acknowledged update(s) started from a version another one had already replaced`);
    let version = initial.get(id) ?? '';
    let last: Ack | null = null;
    let chained = 0;
    for (let next = byFrom.get(version); next && chained < list.length; next = byFrom.get(version)) {
      last = next;
      version = next.to;
      chained++;
    }
    if (chained !== byFrom.size)
      problems.push(`${id}: ${byFrom.size - chained} acknowledged update(s) are not in the chain from its first version`);
    const final = finals.get(id);
    if (last && (!final || final.value !== last.value || final.updated !== last.to))
      problems.push(`${id}: final state ${JSON.stringify(final)} is not the last acknowledged update ${JSON.stringify(last)}`);
  }
  return problems;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-load-'));
const dataDir = path.join(tmp, 'data');
let exitCode = 0;
const logins: StaffLogin[] = [];
// One nursery's people: they share its week (docs/decisions/036).
for (let i = 0; i < ACCOUNTS; i++)
  logins.push(
    await createStaffWithCli(
      { DATA_DIR: dataDir },
      i + 1,
      i === 0 ? ['--nursery-name', 'Load nursery'] : ['--nursery', 'Load nursery', '--role', 'office'],
    ),
  );
const server = await startNpmServer(dataDir);
try {
  const sessions: Array<{ token: string; record: RecordModel }> = [];
  for (const login of logins) {
    const pb = new PocketBase(server.url);
    await pb.collection('users').authWithPassword(login.username, login.password);
    sessions.push({ token: pb.authStore.token, record: pb.authStore.record as RecordModel });
  }
  const seeder = new PocketBase(server.url);
  seeder.autoCancellation(false);
  seeder.authStore.save(sessions[0]?.token ?? '', sessions[0]?.record ?? null);
  const created = await Promise.all(
    Array.from({ length: ORDERS }, (_, i) =>
      seeder.collection('tasks').create({ title: `Load order ${i}`, day: 'monday', year: BOARD_YEAR, weekNumber: BOARD_WEEK }),
    ),
  );
  const ids = created.map((r) => r.id);
  const initial = new Map(created.map((r) => [r.id, String(r.updated)]));
  const realtime = await hasRealtime(server.url);
  if (!realtime) console.log('skipped: subscribing: GET /api/realtime answers 404 (realtime not on this branch yet)');
  await sleep(2000);
  const startMemory = server.memory();
  console.log(`RSS at start: ${startMemory.mb.toFixed(1)} MB (npm start tree; npm itself ${startMemory.npmMb.toFixed(1)} MB)`);
  console.log(`${CLIENTS} clients, ${SECONDS} s, ${ACCOUNTS} accounts, ${ORDERS} orders in the week${realtime ? ', subscribed' : ''} ...`);
  let peak = startMemory.mb;
  const sampler = setInterval(() => (peak = Math.max(peak, server.memory().mb)), 500);
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, n) =>
      client(n, server.url, sessions[n % sessions.length] as (typeof sessions)[number], ids, until, realtime),
    ),
  );
  clearInterval(sampler);
  await sleep(1000);
  const endMemory = server.memory();
  const finals = new Map(
    (await seeder.collection('tasks').getFullList({ filter: weekFilter })).map((r) => [
      r.id,
      { value: String(r.orderInfo), updated: String(r.updated) },
    ]),
  );
  const lost = lostUpdates(finals, initial);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `lists: ${lists}, acknowledged updates: ${updates}, 412 conflicts re-read and retried: ${conflicts}${realtime ? `, realtime events received: ${events}` : ''}`,
  );
  console.log(`errors: ${errorCount}`);
  for (const [what, count] of errors) console.log(`  ${count} x ${what}`);
  console.log(`lost updates: ${lost.length}`);
  for (const problem of lost.slice(0, 20)) console.log(`  ${problem}`);
  console.log(`RSS at end: ${endMemory.mb.toFixed(1)} MB (peak ${peak.toFixed(1)} MB; start ${startMemory.mb.toFixed(1)} MB)`);
  if (errorCount > 0 || lost.length > 0) exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(exitCode);
