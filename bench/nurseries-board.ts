// `npm run bench:nurseries`: the many-nurseries figures of `npm run bench` alone, printed the same
// way; the keys it measured are written into bench/results.json (the others left as they are):
// - board_100_nurseries_over_1_sqlite: one nursery's week board with 100 nurseries × 20,000 orders
//   stored, ÷ the same with that nursery's 20,000 alone, on SQLite (issue 15);
// - board_100_nurseries_over_1, realtime_fanout_2000_two_instances_p99_ms, isolation_cases,
//   isolation_leaks: the same board, the fan-out to 2,000 streams of 100 nurseries and the isolation
//   fuzz, on PostgreSQL behind two instances (issue 20; bench/lib/many-nurseries.ts).
// Sizes: BENCH_NURSERIES (100), BENCH_NURSERY_ORDERS (20000), BENCH_ROUNDS (30), and those of
// many-nurseries.ts. BENCH_SKIP: sqlite, postgres, nurseries, realtime, isolation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANY_NURSERIES_KEYS, measureManyNurseries, type ManyNurseriesKey } from './lib/many-nurseries';
import { measureBoardAcrossNurseries } from './lib/nurseries';
import { figureRecorder, mergeResults, RESULTS_FILE } from './lib/results-file';

type Key = ManyNurseriesKey | 'board_100_nurseries_over_1_sqlite';
const TARGETS: Record<Key, string> = {
  board_100_nurseries_over_1: '<= 1.2',
  board_100_nurseries_over_1_sqlite: '<= 1.2',
  realtime_fanout_2000_two_instances_p99_ms: '<= 1000',
  isolation_cases: '>= 10000',
  isolation_leaks: '= 0',
};
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const results: Partial<Record<Key, number | null>> = {};
const { set, skip, notes } = figureRecorder(results);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-bench-nurseries-'));
const started = Date.now();
try {
  console.log('\n== board of one nursery among 100 nurseries × 20,000 orders (SQLite)');
  if (SKIP.has('sqlite') || SKIP.has('nurseries'))
    skip(['board_100_nurseries_over_1_sqlite'], `BENCH_SKIP=${SKIP.has('sqlite') ? 'sqlite' : 'nurseries'}`);
  else {
    const figures = await measureBoardAcrossNurseries(tmp, {
      nurseries: Number(process.env.BENCH_NURSERIES ?? 100),
      ordersEach: Number(process.env.BENCH_NURSERY_ORDERS ?? 20_000),
      rounds: ROUNDS,
      log: (line) => console.log(line),
    });
    set('board_100_nurseries_over_1_sqlite', figures.manyMs / figures.oneMs);
  }
  console.log('\n== 100 nurseries on PostgreSQL, two instances: board, fan-out to 2,000 streams, isolation fuzz');
  await measureManyNurseries(tmp, SKIP, ROUNDS, { set, skip, note: (text) => notes.push(text), log: (line) => console.log(line) });
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? 'null' : String(v));
console.log(`\nResults (${((Date.now() - started) / 1000).toFixed(0)} s):`);
console.log(`| ${'key'.padEnd(42)} | ${'value'.padStart(10)} | target`);
console.log(`|${'-'.repeat(44)}|${'-'.repeat(12)}|--------`);
for (const key of ['board_100_nurseries_over_1_sqlite', ...MANY_NURSERIES_KEYS] as const)
  console.log(`| ${key.padEnd(42)} | ${(key in results ? fmt(results[key]) : 'skipped').padStart(10)} | ${TARGETS[key]}`);
for (const note of notes) console.log(`note: ${note}`);
mergeResults(results as Record<string, number | null>);
console.log(`\nWrote the measured keys into ${path.relative(process.cwd(), RESULTS_FILE)}.`);
