// How the app's search behaves over a large order history (issue 6, docs/decisions/010), and whether the rest of
// the server keeps answering while it runs. A benchmark, not a test: it prints figures and exits 0.
// Run: npx tsx bench/search.ts   (BENCH_ORDERS=200000 by default; DATABASE_URL is not used: the
// test harness decides, so TEST_DATABASE_URL=postgres://... measures PostgreSQL instead.)
import { performance } from 'node:perf_hooks';
import { createAccount, startTestServer } from '../tests/support/server';
import { seedOrders } from '../tests/support/seed-orders';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const server = await startTestServer();
try {
  const staff = await createAccount(server);
  const pb = staff.pb;
  const seedStart = performance.now();
  await seedOrders(server.built.database.db, staff, ORDERS);
  console.log(`Seeded ${ORDERS} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${server.built.database.dialect}).`);

  const tasks = pb.collection('tasks');
  /** The app's search: title or order number contains the text, newest first, 30 a page. */
  const search = (q: string) => tasks.getList(1, 30, { filter: pb.filter('title ~ {:q} || orderNumber ~ {:q}', { q }), sort: '-created' });

  const QUERIES = [
    'green',
    'Hawthorn Garden',
    'stroud',
    'bloom & co',
    "o'brien",
    'tŷ gwŵr',
    '1234',
    '150001',
    'nurseries (bath)',
    'zzz',
    'ok',
    'ha',
  ];
  for (const q of QUERIES) await search(q); // warm up
  const samples: number[] = [];
  for (let round = 0; round < 10; round += 1) for (const q of QUERIES) samples.push(await timed(() => search(q)));
  samples.sort((a, b) => a - b);
  console.log(
    `search (title ~ q || orderNumber ~ q, -created, 30): p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  (${samples.length} searches over ${QUERIES.length} texts)`,
  );
  for (const q of ['green', 'zzz', 'ok']) {
    const page = await search(q);
    console.log(`  "${q}": ${page.totalItems} matches, ${ms(await timed(() => search(q)))}`);
  }

  const longest = 'Hawthorn Garden Centre (Stroud) '.repeat(4).slice(0, 100);
  const worst: Array<[string, () => Promise<unknown>]> = [
    ['100-character text, app search (title/orderNumber)', () => search(longest)],
    ['100-character text, no match, app search', () => search('q'.repeat(100))],
    [
      '100-character text over long notes (orderInfo ~, no index)',
      () => tasks.getList(1, 30, { filter: pb.filter('orderInfo ~ {:q}', { q: longest }), sort: '-created' }),
    ],
    [
      '100-character near-miss over long notes (orderInfo ~)',
      () =>
        tasks.getList(1, 30, {
          filter: pb.filter('orderInfo ~ {:q}', { q: 'back door pallets trays '.repeat(5).slice(0, 99) + '!' }),
          sort: '-created',
        }),
    ],
  ];
  for (const [label, run] of worst) {
    const times = [await timed(run), await timed(run), await timed(run)].sort((a, b) => a - b);
    console.log(`worst case: ${label.padEnd(60)} median ${ms(times[1] ?? Number.NaN)}`);
  }
  const refused = await timed(() => search('x'.repeat(3000)).catch(() => undefined));
  console.log(`worst case: 3,000-character text (was accepted, now 400)${' '.repeat(23)} ${ms(refused)}`);

  // Health during a burst: 40 searches in flight, 8 at a time, while /api/health is asked every
  // 20 ms. First the app's search only (half of them the longest text allowed), then the same with
  // every 10th replaced by a 100-character scan of the unindexed notes.
  const searchAt = (n: number) => search(n % 2 === 0 ? longest : (QUERIES[n % QUERIES.length] ?? 'green'));
  const notesScan = () => tasks.getList(1, 30, { filter: pb.filter('orderInfo ~ {:q}', { q: longest }), sort: '-created' });
  for (const [label, run] of [
    ['the app search', searchAt],
    ['the app search + notes scans', (n: number) => (n % 10 === 9 ? notesScan() : searchAt(n))],
  ] as const) {
    const healthTimes: number[] = [];
    let bursting = true;
    const poll = (async () => {
      while (bursting) {
        healthTimes.push(await timed(() => fetch(`${server.url}/api/health`).then((r) => r.json())));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const burstStart = performance.now();
    for (let i = 0; i < 40; i += 8) await Promise.all(Array.from({ length: 8 }, (_, k) => run(i + k)));
    const burstTime = performance.now() - burstStart;
    bursting = false;
    await poll;
    healthTimes.sort((a, b) => a - b);
    console.log(
      `/api/health during 40 searches, ${label} (${(burstTime / 1000).toFixed(1)} s): p50 ${ms(percentile(healthTimes, 50))}  p95 ${ms(percentile(healthTimes, 95))}  max ${ms(healthTimes[healthTimes.length - 1] ?? Number.NaN)}  (${healthTimes.length} checks)`,
    );
  }
} finally {
  await server.close();
}
