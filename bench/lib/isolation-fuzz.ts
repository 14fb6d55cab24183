// The isolation fuzz of docs/decisions/036 (src/server/fuzz/nursery-isolation.test.ts) run from the
// bench against PostgreSQL: Vitest on that one file, with FUZZ_RUNS cases scaled up, its counts read
// from the file it writes (FUZZ_REPORT) and its leaks from Vitest's JSON report. The test is the
// one place the attempts and what counts as a leak are written down; the bench only runs it.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, run } from './processes';

export const FUZZ_FILE = 'src/server/fuzz/nursery-isolation.test.ts';

export interface IsolationFigures {
  /** Generated cross-nursery attempts, every kind together. */
  cases: number;
  /** Per kind (byId, lists, creates, etags, realtime, trail). */
  counts: Record<string, number>;
  /** Tests of the fuzz that found something of another nursery (a test stops at its first). */
  leaks: number;
  /** Their messages, for the printout. */
  failures: string[];
  seconds: number;
}

interface VitestReport {
  numFailedTests: number;
  testResults: Array<{ assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }>;
}

/**
 * Runs the fuzz with `TEST_DATABASE_URL` = `postgresUrl` (each test server gets a schema of its
 * own there) and `runs` times its default cases. A string says why there are no figures.
 */
export async function runIsolationFuzz(tmp: string, postgresUrl: string, runs: number): Promise<IsolationFigures | string> {
  const report = path.join(tmp, 'isolation-counts.json');
  const vitestJson = path.join(tmp, 'isolation-vitest.json');
  const started = performance.now();
  let output = '';
  try {
    output = await run(
      path.join(ROOT, 'node_modules', '.bin', 'vitest'),
      ['run', FUZZ_FILE, '--project', 'node', '--reporter=dot', '--reporter=json', `--outputFile.json=${vitestJson}`],
      { env: { ...process.env, TEST_DATABASE_URL: postgresUrl, FUZZ_RUNS: String(runs), FUZZ_REPORT: report } },
    );
  } catch (error) {
    // A leak fails the run: the reports below say how many; anything else is said as it is.
    output = error instanceof Error ? error.message : String(error);
  }
  const seconds = (performance.now() - started) / 1000;
  if (!fs.existsSync(report) || !fs.existsSync(vitestJson)) return `the fuzz did not finish: ${output.trim().slice(-800)}`;
  const { cases, counts } = JSON.parse(fs.readFileSync(report, 'utf8')) as { cases: number; counts: Record<string, number> };
  const vitest = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as VitestReport;
  const failed = vitest.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed'));
  if (cases === 0) return `the fuzz tried nothing (its set-up failed?): ${output.trim().slice(-800)}`;
  return {
    cases,
    counts,
    leaks: vitest.numFailedTests,
    failures: failed.map((test) => `${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]?.slice(0, 400)}`),
    seconds,
  };
}
