// `npm run bench`: every figure of issue 9 (and issue 32's server keys) in one run, side by side with a bare node:http server
// and real PocketBase 0.22.20, printed as a table and written to bench/results.json. Ratios are
// measured in the same run, so they hold across machines. A figure that cannot be measured here
// (no PostgreSQL, no /api/realtime yet, ...) prints "skipped: <why>" and is written as null.
//
// Sizes (for a quick try while developing): BENCH_ORDERS (200000), BENCH_SMALL_ORDERS (1000),
// BENCH_SECONDS per request-rate figure (8), BENCH_ROUNDS per timed query (30),
// BENCH_SKIP (comma-separated: pocketbase, postgres, browser, realtime, nurseries, isolation).
// The many-nurseries step (issue 20) has sizes of its own: bench/lib/many-nurseries.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import PocketBase, { type RecordModel } from 'pocketbase';
import { currentIsoWeek } from '../src/domain/weeks';
import { FUTURE_YEAR } from '../tests/support/open-weeks';
import { chunksUntilOrderVisible } from './lib/board-in-browser';
import { BOARD_KEYS, BOARD_TARGETS, boardFigureLines } from './lib/board-figures';
import { measureBundle, pdfChunk, sum } from './lib/bundle';
import { fontAssets, measurePdfs, PICK_SHEET_60_BUDGET_KB } from './lib/pdf-size';
import { captureResponse, LOAD_CONNECTIONS, measureRate } from './lib/http-load';
import { rateAgainstBare, SERVER_KEYS, serverFigureLines, startupAndIdle, type Figure, type ServerKey } from './lib/server-figures';
import { preparePocketBase, pocketBaseLogin, seedPocketBaseOrders, setUpPocketBase, startPocketBase } from './lib/pocketbase-binary';
import { freshDatabase, startPostgres } from './lib/postgres';
import { BENCH_DELETE_PASSWORD, ROOT, sleep, startNpmServer, type RunningServer } from './lib/processes';
import { measureLedgerBalances } from './lib/ledger';
import { measurePlanDay } from './lib/plan-day';
import { measurePlanDayAtServer } from './lib/plan-day-server';
import { measurePocketBaseImport } from './lib/pocketbase-import';
import { measureBoardAcrossNurseries } from './lib/nurseries';
import { measureManyNurseries } from './lib/many-nurseries';
import { figureRecorder, readResults, RESULTS_FILE } from './lib/results-file';
import { hasRealtime, measureFanout, type Session } from './lib/realtime';
import {
  BOARD_WEEK,
  BOARD_WEEK_ORDERS,
  BOARD_YEAR,
  createStaffWithCli,
  migrateSqlite,
  SEARCH_TERMS,
  seedSqliteOrders,
  sqliteFile,
  type StaffLogin,
} from './lib/seed';

const BIG = Number(process.env.BENCH_ORDERS ?? 200_000);
const SMALL = Number(process.env.BENCH_SMALL_ORDERS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
const FANOUT_SUBSCRIBERS = 200;
// The fan-out's subscribers all sign in as one account (only the owner may see its order), so the
// servers it measures allow that many streams per account; operators keep the default of 20.
const FANOUT_ENV = { REALTIME_MAX_CONNECTIONS_PER_USER: String(FANOUT_SUBSCRIBERS) };

const KEYS = [
  'board_200k_over_1k',
  'board_100_nurseries_over_1',
  'board_100_nurseries_over_1_sqlite',
  'ledger_balances_ms',
  'ledger_5y_over_1y',
  'import_200k_s',
  'full_list_200k_ms',
  'board_rps_vs_bare_node',
  'board_rps_vs_pocketbase',
  'update_rps_vs_pocketbase',
  'search_ms_200k',
  'search_ms_200k_pocketbase',
  'creates_per_s_sqlite',
  'creates_per_s_postgres',
  'realtime_fanout_200_p99_ms',
  'realtime_fanout_200_two_instances_p99_ms',
  'realtime_fanout_2000_two_instances_p99_ms',
  'isolation_cases',
  'isolation_leaks',
  'board_first_paint_kb_gzip',
  'board_orders_visible_kb_gzip',
  'board_first_visit_ms',
  'board_repeat_visit_ms',
  'pdf_chunk_kb_gzip',
  'board_chunk_has_pdf_code',
  'pick_sheet_60_orders_kb',
  'pdf_fonts_kb_brotli',
  'rss_mb_idle_empty',
  'rss_mb_idle_200k',
  'rss_mb_load_200k',
  ...SERVER_KEYS,
] as const;
type Key = (typeof KEYS)[number];

const TARGETS: Partial<Record<Key, string>> = {
  board_200k_over_1k: '<= 1.5',
  board_100_nurseries_over_1: '<= 1.2',
  board_100_nurseries_over_1_sqlite: '<= 1.2',
  ledger_5y_over_1y: '<= 1.5',
  import_200k_s: '<= 120',
  board_rps_vs_bare_node: '>= 0.8',
  'server.rps_vs_bare': '>= 0.8',
  'server.rss_idle_mb': '<= 70',
  'server.rss_200k_mb': '<= 200',
  'server.startup_ms': '<= 1500',
  board_rps_vs_pocketbase: '> 1.0',
  update_rps_vs_pocketbase: '> 1.0',
  search_ms_200k: '< PocketBase',
  realtime_fanout_200_p99_ms: '<= 1000',
  realtime_fanout_200_two_instances_p99_ms: '<= 1000',
  realtime_fanout_2000_two_instances_p99_ms: '<= 1000',
  isolation_cases: '>= 10000',
  isolation_leaks: '= 0',
  board_first_paint_kb_gzip: `<= ${BOARD_TARGETS.board_first_paint_kb_gzip}`,
  board_orders_visible_kb_gzip: `<= ${BOARD_TARGETS.board_orders_visible_kb_gzip}`,
  board_first_visit_ms: `<= ${BOARD_TARGETS.board_first_visit_ms}`,
  board_repeat_visit_ms: `<= ${BOARD_TARGETS.board_repeat_visit_ms}`,
  board_chunk_has_pdf_code: '= 0',
  pick_sheet_60_orders_kb: `<= ${PICK_SHEET_60_BUDGET_KB}`,
  rss_mb_idle_empty: '<= 70',
  rss_mb_load_200k: '<= 200',
};

const results = Object.fromEntries(KEYS.map((k) => [k, null])) as Record<Key, number | null>;
/** Issue 32's server figures with their runs and load average, printed with OVER lines at the end. */
const serverFigures: Partial<Record<ServerKey, Figure>> = {};
const { set, skip, notes } = figureRecorder(results);

function step(text: string): void {
  console.log(`\n== ${text}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function login(url: string, staff: StaffLogin): Promise<{ pb: PocketBase; session: Session }> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(staff.username, staff.password);
  return { pb, session: { token: pb.authStore.token, record: pb.authStore.record as RecordModel } };
}

/** Memory of the `npm start` tree, after it has settled for a moment. */
async function idleMemory(server: RunningServer, label: string): Promise<number> {
  await sleep(3000);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(server.memory().mb);
    await sleep(400);
  }
  const memory = server.memory();
  console.log(
    `  ${label}: ${median(samples).toFixed(1)} MB over ${memory.processes.length} process(es) (+ npm itself ${memory.npmMb.toFixed(1)} MB)`,
  );
  for (const p of memory.processes) console.log(`    ${p}`);
  return median(samples);
}

/** The account's id and nursery (its orders are its nursery's). */
function userIdOf(dataDir: string, username: string): { id: string; nursery: string } {
  const db = new SQLite(sqliteFile(dataDir), { readonly: true });
  try {
    const row = db.prepare('SELECT id, nursery FROM users WHERE username = ?').get(username) as { id: string; nursery: string } | undefined;
    if (!row) throw new Error(`no user ${username} in ${dataDir}`);
    return row;
  } finally {
    db.close();
  }
}

const boardFilter = `year = ${BOARD_YEAR} && weekNumber = ${BOARD_WEEK}`;
/** The board's request as the SDK's getFullList sends it. */
const boardPath = `/api/collections/tasks/records?page=1&perPage=1000&skipTotal=1&filter=${encodeURIComponent(`(${boardFilter})`)}&sort=created`;

/**
 * Median time of `query` with a fresh answer each time: an untimed change to an order outside the
 * week first, as happens on a busy yard, so no cache can answer from memory.
 */
async function uncachedMedian(pb: PocketBase, bustId: string, rounds: number, query: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await pb.collection('tasks').update(bustId, { orderInfo: `bust ${i} ${Date.now()}` });
    samples.push(await timed(query));
  }
  return median(samples);
}

const boardQuery = (pb: PocketBase) => () => pb.collection('tasks').getFullList({ filter: boardFilter, sort: 'created' });
const searchQuery = (pb: PocketBase, q: string) => () =>
  pb.collection('tasks').getList(1, 30, { filter: pb.filter('title ~ {:q} || orderNumber ~ {:q}', { q }), sort: '-created' });

async function searchMedian(pb: PocketBase, bustId: string | null): Promise<number> {
  const samples: number[] = [];
  for (const q of SEARCH_TERMS) {
    for (let round = 0; round < 3; round++) {
      if (bustId) await pb.collection('tasks').update(bustId, { orderInfo: `bust ${round} ${Date.now()}` });
      samples.push(await timed(searchQuery(pb, q)));
    }
  }
  return median(samples);
}

async function createsPerSecond(url: string, token: string): Promise<number> {
  const result = await autocannon({
    url: `${url}/api/collections/tasks/records`,
    method: 'POST',
    connections: LOAD_CONNECTIONS,
    duration: Math.max(3, Math.round(SECONDS / 2)),
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench create', day: 'monday', weekNumber: 10, year: FUTURE_YEAR, customerType: 'wholesale' }),
  });
  if (result.non2xx > 0 || result.errors > 0) console.log(`  (creates: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return (result.requests.total - result.non2xx) / result.duration;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-bench-'));
const started = Date.now();
const running: Array<{ stop(): Promise<void> }> = [];
let ours: { board: number; update: number } | null = null;

try {
  console.log(
    `Trolleyboard bench: ${BIG} orders (board week ${BOARD_YEAR}-W${BOARD_WEEK}: ${BOARD_WEEK_ORDERS}), ${SECONDS} s per rate, ${os.cpus().length} cores`,
  );

  // --- Empty server: idle memory, creates, what the browser loads, realtime on one instance.
  step('npm start on an empty SQLite database');
  const emptyDir = path.join(tmp, 'empty');
  const emptyEnv = { DATA_DIR: emptyDir };
  const staff = await createStaffWithCli(emptyEnv, 1);
  const empty = await startNpmServer(emptyDir, FANOUT_ENV);
  running.push(empty);
  set('rss_mb_idle_empty', await idleMemory(empty, 'idle, empty'));

  step('web app bundle (dist/web as npm start built it)');
  const distDir = path.join(ROOT, 'dist', 'web');
  const bundle = measureBundle(distDir);
  set('board_first_paint_kb_gzip', bundle.firstPaintKb);
  const pdf = pdfChunk(bundle);
  if (pdf) set('pdf_chunk_kb_gzip', pdf.kbGzip);
  else skip(['pdf_chunk_kb_gzip'], 'no lazily loaded chunk contains jsPDF yet');

  const { pb: emptyPb, session } = await login(empty.url, staff);
  const today = currentIsoWeek(new Date());
  const visibleTitle = `Bench visible order ${Date.now()}`;
  const visibleOrder = await emptyPb
    .collection('tasks')
    .create({ title: visibleTitle, day: 'monday', year: today.year, weekNumber: today.week, customerType: 'wholesale' });
  let boardChunks = bundle.firstPaint;
  if (SKIP.has('browser')) skip(['board_orders_visible_kb_gzip'], 'BENCH_SKIP=browser');
  else {
    const loaded = await chunksUntilOrderVisible(empty.url, distDir, session, visibleTitle);
    if (typeof loaded === 'string') skip(['board_orders_visible_kb_gzip'], loaded);
    else {
      set('board_orders_visible_kb_gzip', sum(loaded));
      boardChunks = [...boardChunks, ...loaded];
    }
  }
  set('board_chunk_has_pdf_code', boardChunks.some((c) => c.hasPdfCode) ? 1 : 0);
  set('pick_sheet_60_orders_kb', measurePdfs().pickSheet60Kb);
  set(
    'pdf_fonts_kb_brotli',
    fontAssets(distDir).reduce((total, font) => total + font.kbBrotli, 0),
  );

  step('creates per second (SQLite)');
  set('creates_per_s_sqlite', await createsPerSecond(empty.url, session.token));

  step('realtime fan-out, one instance (SQLite)');
  if (SKIP.has('realtime')) skip(['realtime_fanout_200_p99_ms'], 'BENCH_SKIP=realtime');
  else if (!(await hasRealtime(empty.url)))
    skip(['realtime_fanout_200_p99_ms'], 'GET /api/realtime answers 404 (realtime not on this branch yet)');
  else {
    const fanout = await measureFanout({
      urls: [empty.url],
      sessions: [session],
      writer: emptyPb,
      recordId: visibleOrder.id,
      subscribers: FANOUT_SUBSCRIBERS,
      updates: 5,
    });
    console.log(`  ${fanout.subscribers} subscribers, max ${fanout.maxMs.toFixed(1)} ms, missed ${fanout.missed}`);
    if (fanout.missed > 0) notes.push(`realtime (one instance): ${fanout.missed} deliveries missed within 10 s`);
    set('realtime_fanout_200_p99_ms', fanout.missed > 0 ? Number.NaN : fanout.p99Ms);
  }
  await empty.stop();

  // --- Issue 32's start-up and idle memory: five starts of `npm start` on the same database.
  step('npm start, five times: start-up to healthy, idle memory (issue 32)');
  const { startup, idle } = await startupAndIdle(emptyDir, FANOUT_ENV);
  serverFigures['server.startup_ms'] = startup;
  serverFigures['server.rss_idle_mb'] = idle;
  set('server.startup_ms', startup.value);
  set('server.rss_idle_mb', idle.value);

  // --- The board over a small and a large history (same server, same week, same 100 orders).
  step(`board over ${SMALL} orders`);
  const bigDir = path.join(tmp, 'history');
  await migrateSqlite(bigDir);
  const bigEnv = { DATA_DIR: bigDir };
  await createStaffWithCli(bigEnv, 1);
  const staffOwner = userIdOf(bigDir, staff.username);
  seedSqliteOrders(sqliteFile(bigDir), 'tasks', 0, SMALL, staffOwner);
  const bustId = (() => {
    const db = new SQLite(sqliteFile(bigDir), { readonly: true });
    try {
      return (
        db.prepare('SELECT id FROM tasks WHERE NOT (year = ? AND weekNumber = ?) LIMIT 1').get(BOARD_YEAR, BOARD_WEEK) as { id: string }
      ).id;
    } finally {
      db.close();
    }
  })();
  let server = await startNpmServer(bigDir);
  running.push(server);
  let { pb } = await login(server.url, staff);
  const boardSmall = await uncachedMedian(pb, bustId, ROUNDS, boardQuery(pb));
  const boardItems = (await boardQuery(pb)()).length;
  console.log(`  board (${boardItems} orders) median ${boardSmall.toFixed(2)} ms`);
  await server.stop();

  step(`board over ${BIG} orders`);
  const seedStart = performance.now();
  seedSqliteOrders(sqliteFile(bigDir), 'tasks', SMALL, BIG, staffOwner);
  console.log(`  seeded ${BIG - SMALL} more orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  server = await startNpmServer(bigDir);
  running.push(server);
  set('rss_mb_idle_200k', await idleMemory(server, `idle, ${BIG} orders`));
  ({ pb } = await login(server.url, staff));
  const token = pb.authStore.token;
  const boardBig = await uncachedMedian(pb, bustId, ROUNDS, boardQuery(pb));
  console.log(`  board median ${boardBig.toFixed(2)} ms`);
  set('board_200k_over_1k', boardBig / boardSmall);
  set('full_list_200k_ms', await uncachedMedian(pb, bustId, 3, () => pb.collection('tasks').getFullList()));
  set('search_ms_200k', await searchMedian(pb, bustId));

  step(`board requests per second (${LOAD_CONNECTIONS} connections, ${SECONDS} s each), against bare node:http`);
  const authHeaders = { authorization: token, 'content-type': 'application/json' };
  const boardUrl = `${server.url}${boardPath}`;
  const captured = await captureResponse(boardUrl, authHeaders);
  console.log(
    `  one answer: ${captured.status}, ${Buffer.byteLength(captured.body)} bytes, ${Object.keys(captured.headers).length} headers`,
  );
  // Alternating runs of ours and the bare server (lib/server-figures.ts); medians of five or more.
  const against = await rateAgainstBare(server, { url: boardUrl, headers: authHeaders }, captured, SECONDS);
  serverFigures['server.rps_vs_bare'] = against.ratio;
  serverFigures['server.rss_200k_mb'] = against.peak;
  set('server.rps_vs_bare', against.ratio.value);
  set('server.rss_200k_mb', against.peak.value);
  set('board_rps_vs_bare_node', against.ratio.value);
  set('rss_mb_load_200k', against.peak.value);
  const boardRate = { rps: against.oursRps };
  const updateRate = await measureRate(
    {
      url: `${server.url}/api/collections/tasks/records/${bustId}`,
      method: 'PATCH',
      headers: authHeaders,
      body: JSON.stringify({ status: 'working' }),
    },
    SECONDS,
  );
  console.log(`  ours, PATCH: ${updateRate.rps.toFixed(0)} req/s (${updateRate.non2xx} non-2xx)`);
  ours = { board: boardRate.rps, update: updateRate.rps };
  await server.stop();

  // --- One nursery's board among many (issue 15): the nursery leads every index the board uses.
  step('board of one nursery among 100 nurseries × 20,000 orders (SQLite)');
  if (SKIP.has('nurseries')) skip(['board_100_nurseries_over_1_sqlite'], 'BENCH_SKIP=nurseries');
  else {
    const nurseriesBoard = await measureBoardAcrossNurseries(tmp, {
      nurseries: Number(process.env.BENCH_NURSERIES ?? 100),
      ordersEach: Number(process.env.BENCH_NURSERY_ORDERS ?? 20_000),
      rounds: ROUNDS,
      log: (line) => console.log(line),
    });
    set('board_100_nurseries_over_1_sqlite', nurseriesBoard.manyMs / nurseriesBoard.oneMs);
  }

  // --- Many nurseries on PostgreSQL behind two instances (issue 20): the board, the fan-out over
  // 100 nurseries' streams, and the isolation fuzz.
  step('100 nurseries on PostgreSQL, two instances: board, fan-out to 2,000 streams, isolation fuzz');
  await measureManyNurseries(tmp, SKIP, ROUNDS, { set, skip, note: (text) => notes.push(text), log: (line) => console.log(line) });

  // --- The trolley ledger (issue 17): balances of 500 customers over 5 years ÷ over 1 year.
  step('trolley ledger: balances of 500 customers, 5 years of movements against 1');
  const ledger = await measureLedgerBalances(tmp, { rounds: ROUNDS, log: (line) => console.log(line) });
  set('ledger_balances_ms', ledger.fiveYearsMs);
  set('ledger_5y_over_1y', ledger.fiveYearsMs / ledger.oneYearMs);
  step('plan the day (issue 33): drop order learned from runs, 300 orders onto 15 vehicles');
  for (const line of measurePlanDay().lines) console.log(line);
  for (const line of (await measurePlanDayAtServer()).lines) console.log(line);
  for (const line of (await measurePlanDayAtServer(5)).lines) console.log(line);

  // --- Moving in (issue 20): a PocketBase data.db of BIG orders imported by the operator's CLI.
  // The data.db is written in PocketBase's layout by the bench itself: no PocketBase binary needed.
  step(`import-pocketbase: a PocketBase data.db of ${BIG} orders into SQLite`);
  set('import_200k_s', await measurePocketBaseImport(tmp, BIG, (line) => console.log(`  ${line}`)));

  // --- Real PocketBase with the same data.
  step(`PocketBase 0.22.20 with the same ${BIG} orders`);
  const pocketBaseKeys: Key[] = ['board_rps_vs_pocketbase', 'update_rps_vs_pocketbase', 'search_ms_200k_pocketbase'];
  if (SKIP.has('pocketbase')) skip(pocketBaseKeys, 'BENCH_SKIP=pocketbase');
  else {
    let binary: string | null = null;
    try {
      binary = await preparePocketBase(tmp);
    } catch (error) {
      skip(
        pocketBaseKeys,
        `the PocketBase binary cannot run here: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    }
    if (binary) {
      const pbDir = path.join(tmp, 'pocketbase-data');
      const pbUserId = await setUpPocketBase(binary, pbDir);
      seedPocketBaseOrders(pbDir, 0, BIG, pbUserId);
      const pocketBase = await startPocketBase(binary, pbDir);
      running.push(pocketBase);
      const pbToken = await pocketBaseLogin(pocketBase.url);
      const pbClient = new PocketBase(pocketBase.url);
      pbClient.autoCancellation(false);
      pbClient.authStore.save(pbToken, null);
      const pbHeaders = { authorization: pbToken, 'content-type': 'application/json' };
      // PocketBase 0.22 caps perPage at 500; the week's 100 orders fit either way.
      const pbBoard = await measureRate(
        { url: `${pocketBase.url}${boardPath.replace('perPage=1000', 'perPage=500')}`, headers: pbHeaders },
        SECONDS,
      );
      const pbBust = (await pbClient.collection('tasks').getList(1, 1, { filter: `year != ${BOARD_YEAR}`, skipTotal: true })).items[0]?.id;
      const pbUpdate = await measureRate(
        {
          url: `${pocketBase.url}/api/collections/tasks/records/${pbBust}`,
          method: 'PATCH',
          headers: pbHeaders,
          body: JSON.stringify({ status: 'working' }),
        },
        SECONDS,
      );
      console.log(`  PocketBase: board ${pbBoard.rps.toFixed(0)} req/s, PATCH ${pbUpdate.rps.toFixed(0)} req/s`);
      set('board_rps_vs_pocketbase', ours.board / pbBoard.rps);
      set('update_rps_vs_pocketbase', ours.update / pbUpdate.rps);
      set('search_ms_200k_pocketbase', await searchMedian(pbClient, null));
      await pocketBase.stop();
    }
  }

  // --- PostgreSQL: creates, and realtime across two instances.
  step('PostgreSQL: creates per second; realtime across two instances');
  if (SKIP.has('postgres')) skip(['creates_per_s_postgres', 'realtime_fanout_200_two_instances_p99_ms'], 'BENCH_SKIP=postgres');
  else {
    const postgres = await startPostgres();
    if (typeof postgres === 'string') skip(['creates_per_s_postgres', 'realtime_fanout_200_two_instances_p99_ms'], postgres);
    else
      try {
        running.push(postgres);
        const databaseUrl = await freshDatabase(postgres.url, `bench_${process.pid}`);
        const pgEnv = {
          DATABASE_URL: databaseUrl,
          TOKEN_SECRET: 'bench-token-secret-0123456789abcdef',
          DELETE_PASSWORD: BENCH_DELETE_PASSWORD,
        };
        await createStaffWithCli({ ...pgEnv, DATA_DIR: path.join(tmp, 'pg-cli') }, 1);
        const a = await startNpmServer(path.join(tmp, 'pg-a'), { ...pgEnv, ...FANOUT_ENV });
        running.push(a);
        const { pb: pgPb, session: pgSession } = await login(a.url, staff);
        set('creates_per_s_postgres', await createsPerSecond(a.url, pgSession.token));
        if (SKIP.has('realtime')) skip(['realtime_fanout_200_two_instances_p99_ms'], 'BENCH_SKIP=realtime');
        else if (!(await hasRealtime(a.url)))
          skip(['realtime_fanout_200_two_instances_p99_ms'], 'GET /api/realtime answers 404 (realtime not on this branch yet)');
        else {
          const b = await startNpmServer(path.join(tmp, 'pg-b'), { ...pgEnv, ...FANOUT_ENV });
          running.push(b);
          const order = await pgPb
            .collection('tasks')
            .create({ title: 'Fan-out order', day: 'monday', year: BOARD_YEAR, weekNumber: BOARD_WEEK });
          const fanout = await measureFanout({
            urls: [a.url, b.url],
            sessions: [pgSession],
            writer: pgPb,
            recordId: order.id,
            subscribers: FANOUT_SUBSCRIBERS,
            updates: 5,
          });
          console.log(`  ${fanout.subscribers} subscribers on two instances, max ${fanout.maxMs.toFixed(1)} ms, missed ${fanout.missed}`);
          if (fanout.missed > 0) notes.push(`realtime (two instances): ${fanout.missed} deliveries missed within 10 s`);
          set('realtime_fanout_200_two_instances_p99_ms', fanout.missed > 0 ? Number.NaN : fanout.p99Ms);
          await b.stop();
        }
        await a.stop();
        await postgres.stop();
      } catch (error) {
        const why = `the PostgreSQL run failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
        skip(
          ['creates_per_s_postgres', 'realtime_fanout_200_two_instances_p99_ms'].filter((k) => results[k as Key] === null) as Key[],
          why,
        );
      }
  }
} finally {
  for (const r of running.reverse()) await r.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

const fmt = (v: number | null) => (v === null ? 'null' : String(v));
console.log(`\nResults (${((Date.now() - started) / 1000).toFixed(0)} s):`);
console.log(`| ${'key'.padEnd(42)} | ${'value'.padStart(10)} | target`);
console.log(`|${'-'.repeat(44)}|${'-'.repeat(12)}|--------`);
for (const key of KEYS) console.log(`| ${key.padEnd(42)} | ${fmt(results[key]).padStart(10)} | ${TARGETS[key] ?? ''}`);
for (const note of notes) console.log(`note: ${note}`);
console.log('\nServer (issue 32):');
for (const key of SERVER_KEYS) {
  const figure = serverFigures[key];
  for (const line of serverFigureLines(key, results[key], figure?.load ?? '', figure?.runs ?? [])) console.log(line);
}
// Measured by `npm run bench:board-load` (a browser on the yard profile, a minute per run), not
// here: the figures it wrote last are kept, with the load average it measured them under.
const earlier = readResults();
for (const key of ['board_first_visit_ms', 'board_repeat_visit_ms'] as const) results[key] = earlier[key] ?? null;
const visitLoad = earlier.board_visits_load_1m;
console.log('\nBoard (issue 32):');
for (const key of BOARD_KEYS) {
  const load = key.endsWith('_ms')
    ? visitLoad === undefined || visitLoad === null
      ? 'not recorded (run `npm run bench:board-load`)'
      : `${visitLoad.toFixed(2)} (1 min, when bench:board-load ran)`
    : '';
  for (const line of boardFigureLines(key, results[key], load)) console.log(line);
}
const file = RESULTS_FILE;
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nWrote ${path.relative(ROOT, file)}.`);
