import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/support/chromium';
import { preactAliases } from './vite.config';

// Two projects, one run: the Node suites (domain, server, web logic, PDFs) and the web app's
// component tests (`*.browser.test.tsx`), which render parts of screens on Preact, as the app
// runs, in Debian's Chromium. Both fail a test that logs console.error.
const shared = {
  setupFiles: ['tests/support/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Vitest keeps one core for itself, which on CI's two cores left a single worker: the server
    // tests wait on sockets, timers and the database about half their time, so a second worker
    // shortens each pass by minutes (the Node project: 555 s with one, 543 s with two while six
    // other jobs shared the machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/pdf/**/*.test.ts', 'tests/support/**/*.test.ts', 'bench/**/*.test.ts'],
          pool: 'forks',
          // On PostgreSQL, migrates one database that each test server's own is copied from.
          globalSetup: ['tests/support/postgres-template.ts'],
        },
      },
      {
        resolve: { alias: preactAliases },
        // Bundled before the first test file loads: found later (react → preact/compat is an
        // alias), Vite re-optimised it mid-run and reloaded the page, and a test file imported
        // during that reload failed ("Vitest failed to find the current suite").
        optimizeDeps: { include: ['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/jsx-runtime'] },
        test: {
          ...shared,
          name: 'browser',
          include: ['src/web/**/*.browser.test.tsx'],
          // What a user would see is waited for, as in the Playwright journeys.
          expect: { poll: { timeout: 5_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions, actionTimeout: 5_000 }),
            instances: [{ browser: 'chromium' }],
            // A phone-sized screen, as on the yard; the parts under test lay out for it.
            viewport: { width: 390, height: 844 },
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
