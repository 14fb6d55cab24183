// The many-nurseries figures of issue 20 on PostgreSQL, as one step both `npm run bench` and
// `npm run bench:nurseries` run: the board among 100 nurseries and the fan-out over them across two
// instances (nurseries-postgres.ts), then the isolation fuzz (isolation-fuzz.ts), on a throwaway
// cluster of their own. Sizes: BENCH_NURSERIES (100), BENCH_NURSERY_ORDERS (20000),
// BENCH_NURSERY_SUBSCRIBERS (20 per nursery), BENCH_FANOUT_CHANGES (20), BENCH_FUZZ_RUNS (3 times
// the fuzz's default cases). BENCH_SKIP: postgres (all of it), nurseries (board and fan-out),
// realtime (the fan-out), isolation (the fuzz).
import { performance } from 'node:perf_hooks';
import { runIsolationFuzz } from './isolation-fuzz';
import { measureManyNurseriesOnPostgres } from './nurseries-postgres';
import { startPostgres } from './postgres';

export const MANY_NURSERIES_KEYS = [
  'board_100_nurseries_over_1',
  'realtime_fanout_2000_two_instances_p99_ms',
  'isolation_cases',
  'isolation_leaks',
] as const;
export type ManyNurseriesKey = (typeof MANY_NURSERIES_KEYS)[number];

export interface StepOutput {
  set(key: ManyNurseriesKey, value: number): void;
  skip(keys: ManyNurseriesKey[], why: string): void;
  note(text: string): void;
  log(line: string): void;
}

export async function measureManyNurseries(tmp: string, skipped: ReadonlySet<string>, rounds: number, out: StepOutput): Promise<void> {
  const boardKeys: ManyNurseriesKey[] = ['board_100_nurseries_over_1', 'realtime_fanout_2000_two_instances_p99_ms'];
  const fuzzKeys: ManyNurseriesKey[] = ['isolation_cases', 'isolation_leaks'];
  if (skipped.has('postgres')) return out.skip([...boardKeys, ...fuzzKeys], 'BENCH_SKIP=postgres');
  if (skipped.has('nurseries') && skipped.has('isolation')) return out.skip([...boardKeys, ...fuzzKeys], 'BENCH_SKIP=nurseries,isolation');
  const postgres = await startPostgres();
  if (typeof postgres === 'string') return out.skip([...boardKeys, ...fuzzKeys], postgres);
  try {
    if (skipped.has('nurseries')) out.skip(boardKeys, 'BENCH_SKIP=nurseries');
    else {
      const nurseries = Number(process.env.BENCH_NURSERIES ?? 100);
      const perNursery = Number(process.env.BENCH_NURSERY_SUBSCRIBERS ?? 20);
      const started = performance.now();
      try {
        const figures = await measureManyNurseriesOnPostgres(tmp, postgres.url, {
          nurseries,
          ordersEach: Number(process.env.BENCH_NURSERY_ORDERS ?? 20_000),
          rounds,
          realtime: !skipped.has('realtime'),
          perNursery,
          fanoutChanges: Number(process.env.BENCH_FANOUT_CHANGES ?? 20),
          log: out.log,
        });
        out.set('board_100_nurseries_over_1', figures.manyMs / figures.oneMs);
        const { fanout } = figures;
        if (!fanout) out.skip(['realtime_fanout_2000_two_instances_p99_ms'], 'BENCH_SKIP=realtime');
        else {
          if (fanout.subscribers !== 2000)
            out.note(`realtime_fanout_2000_two_instances_p99_ms: measured with ${fanout.subscribers} subscribers`);
          // A leak or a missed delivery fails the figure however fast the rest was.
          if (fanout.leaks > 0) out.note(`realtime (100 nurseries): LEAK: ${fanout.leaks} events reached another nursery's subscribers`);
          if (fanout.missed > 0) out.note(`realtime (100 nurseries): ${fanout.missed} deliveries missed within 10 s`);
          if (fanout.unsettled > 0) out.note(`realtime (100 nurseries): ${fanout.unsettled} streams never had their nursery's last change`);
          const failed = fanout.leaks > 0 || fanout.missed > 0 || fanout.unsettled > 0;
          out.set('realtime_fanout_2000_two_instances_p99_ms', failed ? Number.NaN : fanout.p99Ms);
        }
        out.log(`  (board and fan-out on PostgreSQL: ${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
      } catch (error) {
        out.skip(boardKeys, `the PostgreSQL run failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
    if (skipped.has('isolation')) out.skip(fuzzKeys, 'BENCH_SKIP=isolation');
    else {
      const fuzzRuns = Number(process.env.BENCH_FUZZ_RUNS ?? 3);
      out.log(`  isolation fuzz (${fuzzRuns} × its default cases, PostgreSQL)…`);
      const fuzz = await runIsolationFuzz(tmp, postgres.url, fuzzRuns);
      if (typeof fuzz === 'string') out.skip(fuzzKeys, fuzz);
      else {
        const kinds = Object.entries(fuzz.counts)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ');
        out.log(`  ${fuzz.cases} cases (${kinds}) in ${fuzz.seconds.toFixed(0)} s`);
        for (const failure of fuzz.failures) out.log(`  LEAK: ${failure}`);
        if (fuzz.leaks > 0) out.note(`isolation: LEAK: ${fuzz.leaks} test(s) of the fuzz found another nursery's data`);
        out.set('isolation_cases', fuzz.cases);
        out.set('isolation_leaks', fuzz.leaks);
      }
    }
  } finally {
    await postgres.stop();
  }
}
