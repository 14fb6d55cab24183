// Prints one closing line, `N passed, N failed[, N skipped]`, from the JSON reports that
// scripts/test.sh leaves in its run's folder (Vitest's, one per pass, and Playwright's). Exits 1 when a
// test failed. A run that failed outside any test (a file that did not load, a web server that
// did not start) counts as one failure; a report that is missing adds nothing: the steps' exit
// codes catch that.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  /** False also when a test file failed to load, which counts no test as failed. */
  success?: boolean;
  testResults?: Array<{
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: Array<{ fullName?: string; status?: string; failureMessages?: string[] }>;
  }>;
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: Array<{ title?: string; line?: number; ok?: boolean }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  suites?: PlaywrightSuite[];
  /** Failures outside any test: the web server did not start, a spec did not load. */
  errors?: unknown[];
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The run's report folder: TEST_RESULTS_DIR as scripts/test.sh used it (.ci/run sets it), else
 * the newest .tmp/run-* folder, else .tmp itself (reports of older runs of test.sh).
 */
function resultsDir(): string {
  const given = process.env.TEST_RESULTS_DIR?.trim();
  if (given) return path.resolve(root, given);
  const tmpDir = path.join(root, '.tmp');
  const runs = existsSync(tmpDir)
    ? readdirSync(tmpDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name.startsWith('run-'))
        .map((entry) => path.join(tmpDir, entry.name))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    : [];
  return runs[0] ?? tmpDir;
}

const tmp = resultsDir();

function read<T>(file: string): T | null {
  const full = path.join(tmp, file);
  if (!existsSync(full)) return null;
  try {
    return JSON.parse(readFileSync(full, 'utf8')) as T;
  } catch {
    console.error(`[count-results] ${full} is not valid JSON`);
    return null;
  }
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
/** Which tests failed, named: the closing lines are all a CI log may keep of a long run. */
const failures: string[] = [];
const firstLine = (text: string | undefined): string => (text ?? '').split('\n')[0]?.slice(0, 200) ?? '';

function playwrightFailures(suites: PlaywrightSuite[] | undefined, titles: string[]): void {
  for (const suite of suites ?? []) {
    const path = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.ok === false) failures.push(`playwright: ${suite.file ?? ''}:${spec.line ?? ''} › ${[...path, spec.title].join(' › ')}`);
    }
    playwrightFailures(suite.suites, path);
  }
}
const vitestFiles = existsSync(tmp) ? readdirSync(tmp).filter((f) => /^vitest.*\.json$/.test(f)) : [];
for (const file of vitestFiles) {
  const report = read<VitestReport>(file);
  if (!report) continue;
  total.passed += report.numPassedTests ?? 0;
  total.failed += report.numFailedTests ?? 0;
  total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.success === false && (report.numFailedTests ?? 0) === 0) total.failed += 1;
  const pass = file.replace(/^vitest-?|\.json$/g, '') || 'vitest';
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name ?? '');
    const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${pass}: ${where} › ${test.fullName ?? ''} — ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && result.status === 'failed') failures.push(`${pass}: ${where} — ${firstLine(result.message)}`);
  }
}
const playwright = read<PlaywrightReport>('playwright.json');
if (playwright?.stats) {
  total.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  total.failed += playwright.stats.unexpected ?? 0;
  total.skipped += playwright.stats.skipped ?? 0;
  if ((playwright.errors?.length ?? 0) > 0 && (playwright.stats.unexpected ?? 0) === 0) total.failed += 1;
  playwrightFailures(playwright.suites, []);
}

// Checks outside the test runners (the `npm start` smoke check) count too: `--also-failed N`.
const alsoFailedArg = process.argv.indexOf('--also-failed');
if (alsoFailedArg >= 0) total.failed += Number(process.argv[alsoFailedArg + 1] ?? 0) || 0;

if (failures.length > 0) console.log(`failed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
