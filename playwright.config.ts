import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';
import { e2eBaseUrl, testResultsDir } from './tests/support/e2e-env';

// Journeys in real Chromium against the real server (tests/support/e2e-server.ts), which serves
// the built SPA and sends mail to a loopback SMTP server. Debian's Chromium is used as it is:
// never `playwright install` (no browser downloads on these machines).
export default defineConfig({
  testDir: 'tests/e2e',
  // Per run (TEST_RESULTS_DIR, default .tmp/run-<pid>): runs side by side never share reports.
  outputDir: `${testResultsDir}/test-results`,
  // A journey's whole budget, not a wait: each step waits for what a user sees (expect's 5 s).
  // Journeys that print, decode a camera's QR code and open a second browser take 17 s on a quiet
  // machine and passed 30 s when CI shared its two cores; 60 s keeps such a journey honest there.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: `${testResultsDir}/playwright.json` }]],
  use: {
    baseURL: e2eBaseUrl,
    headless: true,
    // A failed journey keeps its trace: each action with the page's DOM before and after it. Not
    // the screencast (a JPEG of every frame) nor the sources: on CI's two cores these made tracing
    // cost a quarter of the whole run's CPU (docs/decisions/081), and the screenshot at the
    // failure is kept anyway. On CI not even that: the DOM snapshots still cost about a tenth of
    // the run, and a failure there keeps its screenshot and error-context.md (the page's ARIA tree).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // page.route cannot see what a service worker answers from its cache, and many journeys steer
    // the network that way; tests/e2e/offline-app.spec.ts allows the worker and tests it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node --import tsx tests/support/e2e-server.ts',
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    // Includes a `vite build` when dist/web is older than its sources.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
