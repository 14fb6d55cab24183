// Prints how fast the records API answers the board's queries over a large order history.
// A benchmark, not a test: it prints figures and always exits 0. Run: npm run bench:api
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { FUTURE_YEAR } from '../tests/support/open-weeks';
import { createAccount, startTestServer } from '../tests/support/server';
import { formatTimestamp, newRecordId } from '../src/server/records/ids';
import { RecordStore } from '../src/server/records/record-store';
import { DAYS } from '../src/domain/records';

const HISTORY_ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const ROUNDS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(label: string, rounds: number, run: () => Promise<unknown>): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms`,
  );
}

// BENCH_METRICS=1 measures with /api/metrics on (its hooks count every request), to compare with off.
const server = await startTestServer(process.env.BENCH_METRICS === '1' ? { metricsToken: 'bench-metrics-token-0123456789' } : {});
console.log(`Metrics: ${process.env.BENCH_METRICS === '1' ? 'on (METRICS_TOKEN set)' : 'off'}`);
try {
  const staff = await createAccount(server);
  // Bulk history straight into the store (the API path is measured below, not the seeding).
  const store = new RecordStore(server.built.database.db, server.built.database.dialect);
  const seedStart = performance.now();
  await server.built.database.db.transaction().execute(async (trx) => {
    const trxStore = new RecordStore(trx, server.built.database.dialect);
    for (let i = 0; i < HISTORY_ORDERS; i++) {
      const stamp = formatTimestamp(new Date(Date.UTC(2024, 0, 1) + i * 60_000));
      await trxStore.insert('tasks', {
        id: newRecordId(),
        created: stamp,
        updated: stamp,
        title: `Customer ${i % 400}`,
        day: DAYS[i % 7],
        postcode: 'GL7 2QA',
        orderNumber: `SO-${i}`,
        customerType: 'wholesale',
        other: i % 10 === 0 ? 'holding' : 'none',
        weekNumber: 1 + (i % 52),
        year: 2024 + (i % 3),
        orderInfo: '',
        status: '',
        trollies: '2',
        extras: '',
        user: staff.id,
        nursery: staff.nursery,
      });
    }
  });
  void store;
  console.log(
    `Seeded ${HISTORY_ORDERS} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (SQLite, ${server.built.database.dialect}).`,
  );
  const count = await server.built.database.db
    .selectFrom('tasks')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  console.log(`Orders stored: ${count?.n}`);

  const tasks = staff.pb.collection('tasks');
  await time('board: one week (getFullList, filter year+week)', ROUNDS, () =>
    tasks.getFullList({ filter: staff.pb.filter('year = {:y} && weekNumber = {:w}', { y: 2026, w: 47 }), sort: 'created' }),
  );
  await time('holding list (other = "holding", 500 per page)', 50, () =>
    tasks.getList(1, 500, { filter: 'other = "holding"', skipTotal: true }),
  );
  await time('search: title ~ "customer 12" (30, newest first)', 50, () =>
    tasks.getList(1, 30, { filter: staff.pb.filter('title ~ {:q} || orderNumber ~ {:q}', { q: 'customer 12' }), sort: '-created' }),
  );
  await time('view one order', ROUNDS, () => tasks.getList(1, 1, { skipTotal: true }));
  const one = await tasks.create({ title: 'Bench', weekNumber: 47, year: FUTURE_YEAR });
  await time('update one order (PATCH)', ROUNDS, () => tasks.update(one.id, { status: 'working' }));
  await time('login (argon2id verify)', 20, () => server.client().collection('users').authWithPassword(staff.username, staff.password));
} finally {
  await server.close();
}
