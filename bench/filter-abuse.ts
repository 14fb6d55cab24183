// The worst list and search requests a member of staff can send, over a large order history with
// long notes, and what they do to everyone else (issue 13, docs/decisions/017). A benchmark, not
// a test: it prints figures and exits 0.
//
// Run: npx tsx bench/filter-abuse.ts
//   BENCH_ORDERS (200000): orders, every 20th with a ~4,000-character note (tests/support/seed-orders.ts)
//   BENCH_HOSTILE_NOTES (1000): more orders whose note is 5,000 × "a" and whose title is 199 × "a"
//     and a "b": the texts that make a near-miss LIKE pattern cost the most per row (a member of
//     staff can type such orders)
//   BENCH_ONLY, BENCH_EXCEPT: semicolon-separated labels (or parts of them) of the requests to run, or
//     to leave out (the longest field-against-field chain held the server for many minutes before
//     decision 017)
//
// The server runs as `npm start` in its own process (bench/lib/processes.ts), so /api/health is
// asked from outside it, every 20 ms, while each request runs; resident memory of the server's
// process tree is read from /proc meanwhile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import PocketBase from 'pocketbase';
import { openDatabase } from '../src/server/db/database';
import { formatTimestamp } from '../src/server/records/ids';
import { seedOrders } from '../tests/support/seed-orders';
import { sleep, startNpmServer } from './lib/processes';
import { createStaffWithCli, sqliteFile } from './lib/seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const HOSTILE_NOTES = Number(process.env.BENCH_HOSTILE_NOTES ?? 1000);
const labels = (name: string) =>
  (process.env[name] ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
const ONLY = labels('BENCH_ONLY');
const EXCEPT = labels('BENCH_EXCEPT');

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A 100-character text (the longest `~` takes) that almost matches the seeded notes. */
const NEAR_MISS = `${'back door pallets trays '.repeat(5).slice(0, 99)}!`;
/** 99 × "a" then another letter: over a note of 5,000 × "a" LIKE tries every start, 99 steps each. */
const hostile = (last: string) => `${'a'.repeat(99)}${last}`;
const q = (text: string) => JSON.stringify(text);

/** Terms joined by `join`, as many as fit in the 3,500 characters a filter may have. */
function longest(term: (n: number) => string, join: string): { filter: string; terms: number } {
  let filter = term(0);
  let terms = 1;
  for (;;) {
    const next = `${filter}${join}${term(terms)}`;
    if (next.length > 3500) return { filter, terms };
    filter = next;
    terms += 1;
  }
}

interface Probe {
  label: string;
  filter: string;
  sort?: string;
}

const orChain = longest((n) => `orderInfo ~ ${q(NEAR_MISS.slice(0, 98) + String.fromCharCode(97 + (n % 26)) + '!')}`, ' || ');
const fieldChain = longest(() => 'orderInfo ~ title', ' || ');
const PROBES: Probe[] = [
  { label: 'app search "green" (title/orderNumber)', filter: 'title ~ "green" || orderNumber ~ "green"', sort: '-created' },
  { label: 'notes search "ring the bell"', filter: `orderInfo ~ ${q('ring the bell')}`, sort: '-created' },
  { label: 'postcode search "GL7 2"', filter: `postcode ~ ${q('GL7 2')}`, sort: '-created' },
  { label: 'notes + postcode + title search "stroud"', filter: 'title ~ "stroud" || orderInfo ~ "stroud" || postcode ~ "stroud"' },
  { label: 'notes, 100-character near miss', filter: `orderInfo ~ ${q(NEAR_MISS)}`, sort: '-created' },
  { label: 'notes, 2 letters (no index can help)', filter: 'orderInfo ~ "qz"', sort: '-created' },
  { label: 'orderInfo ~ title (field against field)', filter: 'orderInfo ~ title' },
  { label: 'orderInfo ~ title, 4 OR-ed', filter: Array(4).fill('orderInfo ~ title').join(' || ') },
  { label: 'orderInfo ~ title, 6 OR-ed', filter: Array(6).fill('orderInfo ~ title').join(' || ') },
  { label: `orderInfo ~ title, ${fieldChain.terms} OR-ed (3,500 chars)`, filter: fieldChain.filter },
  { label: `100-char near misses, ${orChain.terms} OR-ed (3,500 chars)`, filter: orChain.filter },
  {
    label: 'hostile pattern over "aaa…" notes, !~ x4 AND-ed',
    filter: ['b', 'c', 'd', 'e'].map((last) => `orderInfo !~ ${q(hostile(last))}`).join(' && '),
  },
  { label: 'hostile pattern over "aaa…" notes, !~ x1', filter: `orderInfo !~ ${q(hostile('b'))}` },
  { label: 'every order sorted by notes', filter: '', sort: 'orderInfo' },
].filter((p) => (ONLY.length === 0 || ONLY.some((o) => p.label.includes(o))) && !EXCEPT.some((e) => p.label.includes(e)));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-filter-abuse-'));
const dataDir = path.join(tmp, 'data');
try {
  const staff = await createStaffWithCli({ DATA_DIR: dataDir }, 1);
  const seedStart = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl: null });
  const { id: staffId, nursery } = await database.db
    .selectFrom('users')
    .select(['id', 'nursery'])
    .where('username', '=', staff.username)
    .executeTakeFirstOrThrow();
  await seedOrders(database.db, { id: staffId, nursery }, ORDERS);
  const stamp = formatTimestamp(new Date(Date.UTC(2019, 0, 1)));
  for (let first = 0; first < HOSTILE_NOTES; first += 200) {
    const rows = Array.from({ length: Math.min(200, HOSTILE_NOTES - first) }, (_, k) => ({
      id: `hostile${String(first + k).padStart(8, '0')}`,
      created: stamp,
      updated: stamp,
      title: `${'a'.repeat(199)}b`,
      day: 'monday',
      postcode: '',
      orderNumber: '',
      customerType: 'wholesale',
      other: 'none',
      weekNumber: 1,
      year: 2019,
      orderInfo: 'a'.repeat(5000),
      status: '',
      trollies: '',
      extras: '',
      customer: '',
      standingOrder: '',
      standingWeek: '',
      user: staffId,
      created_by: staffId,
      updated_by: staffId,
      nursery,
    }));
    await database.db.insertInto('tasks').values(rows).execute();
  }
  await database.close();
  const dbMb = fs.statSync(sqliteFile(dataDir)).size / 1048576;
  console.log(
    `Seeded ${ORDERS} orders (every 20th with a ~4,000-character note) + ${HOSTILE_NOTES} with 5,000 × "a" in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; database ${dbMb.toFixed(0)} MB.`,
  );

  const startAt = performance.now();
  const server = await startNpmServer(dataDir);
  console.log(`Server up in ${((performance.now() - startAt) / 1000).toFixed(1)} s (migrations included).`);
  try {
    await sleep(2000);
    console.log(`RSS idle before any list: ${server.memory().mb.toFixed(1)} MB`);
    const pb = new PocketBase(server.url);
    await pb.collection('users').authWithPassword(staff.username, staff.password);
    const token = pb.authStore.token;
    // One small list first, untimed: since decision 017 it starts a read worker, which the first
    // request after an idle spell waits for (tens of ms); the figures below are of the requests.
    await pb.collection('tasks').getList(1, 1, { skipTotal: true });

    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.memory().mb)), 100);

    console.log(`\n${'request'.padEnd(52)} ${'status'.padStart(6)} ${'took'.padStart(9)}   /api/health during it: p50, max (checks)`);
    for (const probe of PROBES) {
      const params = new URLSearchParams({ perPage: '30' });
      if (probe.filter) params.set('filter', probe.filter);
      if (probe.sort) params.set('sort', probe.sort);
      const health: number[] = [];
      let failedChecks = 0;
      let running = true;
      const poll = (async () => {
        while (running) {
          const start = performance.now();
          // A keep-alive connection the blocked server let lapse fails once; the next check opens a new one.
          const ok = await fetch(`${server.url}/api/health`).then(
            (r) => r.arrayBuffer().then(() => true),
            () => false,
          );
          if (ok) health.push(performance.now() - start);
          else failedChecks += 1;
          await sleep(20);
        }
      })();
      const start = performance.now();
      const answered = await fetch(`${server.url}/api/collections/tasks/records?${params}`, { headers: { authorization: token } }).then(
        async (response) => ({ response, body: (await response.json()) as { totalItems?: number; message?: string } }),
        (error: unknown) => ({ error }),
      );
      const took = performance.now() - start;
      running = false;
      await poll;
      if ('error' in answered) {
        // Before decision 017 the longest chains outlasted fetch's 300 s; the server is still busy with it.
        console.log(`${probe.label.padEnd(52)}  no answer after ${ms(took)}: ${String(answered.error)}; stopping here.`);
        break;
      }
      const { response, body } = answered;
      health.sort((a, b) => a - b);
      const answer = response.ok ? `${body.totalItems} found` : `"${String(body.message).slice(0, 90)}"`;
      console.log(
        `${probe.label.padEnd(52)} ${String(response.status).padStart(6)} ${ms(took)}   ${ms(percentile(health, 50))} ${ms(health[health.length - 1] ?? Number.NaN)} (${health.length}${failedChecks ? `, ${failedChecks} failed` : ''})  ${answer}`,
      );
      await sleep(500);
    }
    clearInterval(sampler);
    console.log(`\nRSS peak while the requests ran: ${peakMb.toFixed(1)} MB; now ${server.memory().mb.toFixed(1)} MB`);
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
