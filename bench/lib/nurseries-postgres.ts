// Many nurseries on one PostgreSQL behind two instances (issue 20): one nursery's week board with
// 100 nurseries × 20,000 orders stored against the same with its 20,000 alone, and a change of one
// nursery fanned out to 2,000 live streams of 100 nurseries. Accounts (one admin per nursery) are
// made by the operator's account code, as the tests make theirs; the orders are written by
// PostgreSQL itself, one `INSERT … SELECT … generate_series` per nursery, so no row crosses from
// JavaScript. Each nursery's history looks like the SQLite bench's (nurseries.ts): its first
// BOARD_WEEK_ORDERS orders in the board's week, the rest spread over 1990–2030.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import PocketBase from 'pocketbase';
import { AccountAdmin } from '../../src/server/admin/accounts';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { createTestAccount, type CreatedAccount } from '../../tests/support/accounts';
import { freshDatabase } from './postgres';
import { BENCH_DELETE_PASSWORD, startNpmServer, type RunningServer } from './processes';
import { measureGroupedFanout, type FanoutChange, type GroupedFanout, type Session } from './realtime';
import { BOARD_WEEK, BOARD_WEEK_ORDERS, BOARD_YEAR } from './seed';

const FIRST_YEAR = 1990;
const YEARS = 41;
const TOKEN_SECRET = 'bench-token-secret-0123456789abcdef';

/** A nursery of the bench: its admin, and the prefix of its orders' ids (4 characters + 11 digits). */
interface BenchNursery {
  account: CreatedAccount;
  prefix: string;
}

/** The last order of a nursery's history: outside the board's week, changed to bust caches and to fan out. */
const lastOrderOf = (nursery: BenchNursery, ordersEach: number) => `${nursery.prefix}${String(ordersEach - 1).padStart(11, '0')}`;

function serverEnv(databaseUrl: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, TOKEN_SECRET, DELETE_PASSWORD: BENCH_DELETE_PASSWORD };
}

/** `count` admins, each of a nursery of their own, through the operator's account code (a cheap test hash). */
async function makeNurseries(databaseUrl: string, dataDir: string, count: number, firstIndex: number): Promise<BenchNursery[]> {
  const config = loadConfig({ ...serverEnv(databaseUrl), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    const admin = new AccountAdmin(database, { ...config, passwordHashCost: 'test' });
    const made: BenchNursery[] = [];
    for (let n = 0; n < count; n++)
      made.push({ account: await createTestAccount(admin), prefix: `p${String(firstIndex + n).padStart(3, '0')}` });
    return made;
  } finally {
    await database.close();
  }
}

/** Orders `0 … count - 1` of `nursery`, in one statement. */
async function insertHistory(client: pg.Client, nursery: BenchNursery, count: number): Promise<void> {
  const otherWeek = BOARD_WEEK === 1 ? 2 : BOARD_WEEK - 1;
  await client.query(
    `INSERT INTO tasks (id, created, updated, title, day, postcode, "orderNumber", "customerType", other, "weekNumber", year,
       "orderInfo", status, trollies, extras, "user", nursery)
     SELECT
       $1::text || lpad(i::text, 11, '0'), stamp, stamp,
       'Garden Centre ' || (i % 997),
       (ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])[i % 7 + 1],
       'GL7 2QA', 'SO-' || i, 'wholesale',
       CASE WHEN i % 50 = 0 THEN 'holding' ELSE 'none' END,
       CASE WHEN i >= $2::bigint AND year = $3::integer AND week = $4::integer THEN $5::integer ELSE week END,
       year, '', '', (1 + i % 4)::text, '', $6::text, $7::text
     FROM (
       SELECT i,
         (CASE WHEN i < $2::bigint THEN $3::integer ELSE ${FIRST_YEAR} + ((i * 7919) % ${YEARS * 52}) / 52 END)::integer AS year,
         (CASE WHEN i < $2::bigint THEN $4::integer ELSE 1 + ((i * 7919) % ${YEARS * 52}) % 52 END)::integer AS week,
         to_char(timestamp '2020-01-01' + i * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS') || '.000Z' AS stamp
       FROM generate_series(0::bigint, $8::bigint - 1) AS i
     ) AS slots`,
    [nursery.prefix, BOARD_WEEK_ORDERS, BOARD_YEAR, BOARD_WEEK, otherWeek, nursery.account.id, nursery.account.nursery, count],
  );
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a dropped connection fails the query instead of the process
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function seedHistories(databaseUrl: string, nurseries: BenchNursery[], ordersEach: number): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    for (const nursery of nurseries) await insertHistory(client, nursery, ordersEach);
    // As autovacuum would soon after such a load: the planner's statistics of the new rows.
    await client.query('ANALYZE tasks');
  });
}

async function signIn(url: string, account: CreatedAccount): Promise<{ pb: PocketBase; session: Session }> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(account.username, account.password);
  return { pb, session: { token: pb.authStore.token, record: pb.authStore.record as Session['record'] } };
}

export interface ManyNurseriesFigures {
  /** Median ms of one nursery's week board with only that nursery's history stored. */
  oneMs: number;
  /** The same board with every nursery's history stored. */
  manyMs: number;
  seedSeconds: number;
  /** Null when realtime was left out. */
  fanout: GroupedFanout | null;
}

/**
 * Two databases on the cluster at `postgresUrl`: one nursery's `ordersEach` orders alone, and the
 * same (a copy) with `nurseries - 1` more nurseries of as many; two instances on each. The board
 * of the first nursery is read in turn on both databases, `rounds` times: each read follows an
 * untimed change to another order of the nursery made through the other instance, and waits until
 * the reading instance has that change's event on a live stream of its own, so the read is a fresh
 * one (the change aged its cached lists) and what it measures is the database. Then, unless
 * `realtime` is false, the fan-out: `perNursery` subscribers of every nursery (half on each
 * instance), `fanoutChanges` changes in nurseries spread over all of them.
 */
export async function measureManyNurseriesOnPostgres(
  tmp: string,
  postgresUrl: string,
  options: {
    nurseries: number;
    ordersEach: number;
    rounds: number;
    realtime: boolean;
    perNursery: number;
    fanoutChanges: number;
    log: (line: string) => void;
  },
): Promise<ManyNurseriesFigures> {
  const { nurseries, ordersEach, rounds, log } = options;
  const oneUrl = await freshDatabase(postgresUrl, `bench_one_nursery_${process.pid}`);
  const [main] = (await makeNurseries(oneUrl, path.join(tmp, 'pg-one-cli'), 1, 0)) as [BenchNursery];
  const seedStart = performance.now();
  await seedHistories(oneUrl, [main], ordersEach);
  // The same database again (accounts, nursery, history), then the other nurseries into it.
  const manyName = `bench_many_nurseries_${process.pid}`;
  await withClient(postgresUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${manyName}"`);
    await client.query(`CREATE DATABASE "${manyName}" TEMPLATE "bench_one_nursery_${process.pid}"`);
  });
  const manyUrl = new URL(oneUrl);
  manyUrl.pathname = `/${manyName}`;
  const others = await makeNurseries(manyUrl.toString(), path.join(tmp, 'pg-many-cli'), nurseries - 1, 1);
  log(`  ${nurseries} nurseries: accounts made in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const historyStart = performance.now();
  await seedHistories(manyUrl.toString(), others, ordersEach);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(
    `  seeded ${nurseries - 1} more nurseries × ${ordersEach} orders in ${((performance.now() - historyStart) / 1000).toFixed(1)} s (one INSERT … SELECT generate_series each, then ANALYZE)`,
  );

  const servers: RunningServer[] = [];
  const start = async (url: string, name: string) => {
    const server = await startNpmServer(path.join(tmp, name), serverEnv(url));
    servers.push(server);
    return server;
  };
  try {
    // One after another: each `npm start` first brings dist/ up to date.
    const one = [await start(oneUrl, 'pg-one-a'), await start(oneUrl, 'pg-one-b')];
    const many = [await start(manyUrl.toString(), 'pg-many-a'), await start(manyUrl.toString(), 'pg-many-b')];
    const bustId = lastOrderOf(main, ordersEach);
    const filter = `year = ${BOARD_YEAR} && weekNumber = ${BOARD_WEEK}`;
    const databases = await Promise.all(
      [one, many].map(async (instances) => {
        const clients = await Promise.all(instances.map(async (server) => (await signIn(server.url, main.account)).pb));
        // Each instance's own stream of the busted order: its event there means its caches heard of the change.
        const heard = clients.map(() => new Set<string>());
        for (const [k, pb] of clients.entries())
          await pb.collection('tasks').subscribe(bustId, (event) => heard[k]?.add(String(event.record.orderInfo)));
        return { clients, heard, samples: [] as number[], orders: 0 };
      }),
    );
    const board = (pb: PocketBase) => pb.collection('tasks').getFullList({ filter, sort: 'created' });
    // A fresh server's first reads warm its caches and connections, which neither figure should count.
    for (const database of databases) for (const pb of database.clients) for (let i = 0; i < 3; i++) await board(pb);
    for (let i = 0; i < rounds; i++) {
      for (const database of databases) {
        const writer = database.clients[i % 2] as PocketBase;
        const reader = i % 2 === 0 ? 1 : 0;
        const marker = `bust ${i} ${Date.now()}`;
        await writer.collection('tasks').update(bustId, { status: i % 2 === 0 ? 'working' : 'pulled', orderInfo: marker });
        const deadline = Date.now() + 10_000;
        while (!database.heard[reader]?.has(marker)) {
          if (Date.now() > deadline) throw new Error(`instance ${reader} never heard of the change made on the other`);
          await new Promise((r) => setTimeout(r, 2));
        }
        const started = performance.now();
        database.orders = (await board(database.clients[reader] as PocketBase)).length;
        database.samples.push(performance.now() - started);
      }
    }
    for (const database of databases) for (const pb of database.clients) await pb.realtime.unsubscribe();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const [oneDb, manyDb] = databases as [(typeof databases)[number], (typeof databases)[number]];
    const oneMs = median(oneDb.samples);
    const manyMs = median(manyDb.samples);
    log(`  one nursery, ${ordersEach} orders: board (${oneDb.orders} orders) median ${oneMs.toFixed(2)} ms`);
    log(`  ${nurseries} nurseries, ${nurseries * ordersEach} orders: board (${manyDb.orders} orders) median ${manyMs.toFixed(2)} ms`);
    if (oneDb.orders !== manyDb.orders)
      throw new Error(`the board showed ${manyDb.orders} orders with other nurseries stored, ${oneDb.orders} without`);
    for (const server of one) await server.stop();

    let fanout: GroupedFanout | null = null;
    if (options.realtime) {
      const all = [main, ...others];
      const fanoutStart = performance.now();
      // Every nursery's admin signs in once on each instance: its streams there share that session.
      const sessions = await Promise.all(
        all.map(async (nursery) => Promise.all(many.map(async (server) => signIn(server.url, nursery.account)))),
      );
      const subscribers = all.flatMap((nursery, n) =>
        Array.from({ length: options.perNursery }, (_, k) => ({
          url: (many[k % 2] as RunningServer).url,
          session: (sessions[n]?.[k % 2] as { session: Session }).session,
          group: nursery.account.nursery,
        })),
      );
      const changeOf = (n: number, via: number): FanoutChange => ({
        writer: (sessions[n]?.[via % 2] as { pb: PocketBase }).pb,
        recordId: lastOrderOf(all[n] as BenchNursery, ordersEach),
        group: (all[n] as BenchNursery).account.nursery,
      });
      const step = Math.max(1, Math.floor(all.length / options.fanoutChanges));
      const changes = Array.from({ length: options.fanoutChanges }, (_, k) => changeOf((k * step) % all.length, k));
      const sentinels = all.map((_, n) => changeOf(n, n));
      fanout = await measureGroupedFanout({ subscribers, changes, sentinels });
      log(
        `  ${fanout.subscribers} subscribers (${options.perNursery} per nursery, half on each instance), ${changes.length} changes: p99 ${fanout.p99Ms.toFixed(1)} ms, max ${fanout.maxMs.toFixed(1)} ms, missed ${fanout.missed}, leaks ${fanout.leaks}${fanout.unsettled > 0 ? `, ${fanout.unsettled} streams never had their last change` : ''} (${((performance.now() - fanoutStart) / 1000).toFixed(0)} s)`,
      );
      for (const example of fanout.leakExamples) log(`  LEAK: ${example}`);
    }
    return { oneMs, manyMs, seedSeconds, fanout };
  } finally {
    for (const server of servers) await server.stop();
    await withClient(postgresUrl, async (client) => {
      for (const name of [manyName, `bench_one_nursery_${process.pid}`]) await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    }).catch(() => {});
  }
}
