import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { appEntryScript } from '../../src/domain/app-build';
import { dayNumbersOfIsoWeek } from '../../src/domain/weeks';
import { loadConfig } from '../../src/server/config';
import { createAccountInDatabase } from '../support/accounts';
import { addOrder, api, unique } from '../support/e2e-api';
import { submitLogin, test, expect } from '../support/e2e-fixtures';
import { line, logOut, statusButton } from '../support/e2e-board';
import { e2eWorkDir, repoRoot } from '../support/e2e-env';
import { FUTURE_YEAR } from '../support/open-weeks';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// The installable app (issue 19, docs/decisions/046): a manifest and icons Chromium accepts, a
// service worker that serves the app's files without a connection, the answers a person last saw
// kept on the device and shown with their age when offline, a plain word for a page never seen,
// sign-out clearing the device, and a new build picked up through "New version — Reload".
// Service workers need a secure page: the e2e server is http://127.0.0.1, which browsers count as one.

// The rest of the suite blocks service workers (playwright.config.ts); these journeys are about them.
test.use({ serviceWorkers: 'allow' });

const WEEK = 44;
const column = (page: Page, day: string) => page.getByRole('region', { name: new RegExp(`^${day}`) });

/** Waits until a service worker is active for the page, then reloads so it controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  // Strings: this code runs in the page, and the tests' TypeScript has no DOM types.
  const activeState = () => page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')`);
  await expect.poll(activeState, { timeout: 20_000 }).toBe('activated');
  await page.reload();
  expect(await page.evaluate<string | undefined>('navigator.serviceWorker.controller?.state')).toBe('activated');
}

/** The query keys kept in the app's IndexedDB database (web/lib/offline/device-store.ts). */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('trolleyboard-device');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('kept')) return resolve([]);
      const keys = db.transaction('kept').objectStore('kept').getAllKeys();
      keys.onsuccess = () => resolve(keys.result.map(String));
      keys.onerror = () => reject(keys.error);
    };
  })`);
}

/** Waits until the week's orders are kept on the device (written shortly after they arrive). */
async function weekKept(page: Page, year: number, week: number): Promise<void> {
  const key = JSON.stringify(['orders', 'list', 'week', year, week]);
  await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(key);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the app is installable: its manifest, icons and service worker are what Chromium asks for', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifestResponse = await page.request.get(manifestHref ?? '');
  expect(manifestResponse.status()).toBe(200);
  const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Trolleyboard',
    short_name: 'Trolleyboard',
    display: 'standalone',
    start_url: '/',
    theme_color: '#047857',
  });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['192x192', 'maskable'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `a ${purpose} icon of ${sizes}`).toBeTruthy();
    const response = await page.request.get(icon?.src ?? '');
    expect(response.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`).toBe(sizes);
  }
  // iOS's "Add to Home Screen" reads the page, not the manifest.
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await page.request.get(appleIcon ?? '')).body())).toEqual({ width: 180, height: 180 });
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Trolleyboard');

  await controlledByServiceWorker(page);
  // Chromium's own verdict on installability (what decides whether it offers "Install").
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito profiles, where Chromium never offers to install anything;
  // any other reason (a missing icon, a wrong display, no service worker) would be listed too.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('offline, a reload shows the board, its pick sheet and search from the device, and a page never seen says it needs a connection', async ({
  page,
  context,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const title = `Kept ${unique()}`;
  await addOrder(await api(account), { title, year: FUTURE_YEAR, weekNumber: WEEK, day: 'tuesday', customerType: 'retail', other: 'none' });
  await signIn(page, account);
  await page.goto(`/?year=${FUTURE_YEAR}&week=${WEEK}`);
  await expect(column(page, 'Tuesday').getByText(title)).toBeVisible();
  await controlledByServiceWorker(page);
  await weekKept(page, FUTURE_YEAR, WEEK);

  await context.setOffline(true);
  await page.reload();
  await expect(column(page, 'Tuesday').getByText(title)).toBeVisible();
  await expect(page.getByRole('banner').getByText(/^Offline · as of \d\d:\d\d$/)).toBeVisible();

  // The pick sheet reads the same week: it was never opened, yet its orders are on the device.
  const tuesday = dayNumbersOfIsoWeek(FUTURE_YEAR, WEEK)[1];
  await page.goto(`/weekday/${FUTURE_YEAR}/${WEEK}/tuesday/${tuesday}`);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('This page needs a connection.')).toHaveCount(0);

  // Search finds what is on the device.
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('list', { name: 'Search results' }).getByText(title)).toBeVisible();
  await expect(page.getByText(/^Offline: searching the orders on this device only/)).toBeVisible();
  await expect(page.getByText('This page needs a connection.')).toHaveCount(0);

  // A week never opened on this device: nothing of it is kept.
  await page.goto(`/?year=${FUTURE_YEAR}&week=${WEEK + 2}`);
  await expect(page.getByText('This page needs a connection.')).toBeVisible();
  await expect(page.getByRole('banner').getByText(/^Offline/)).toBeVisible();

  // Back online, the page fetches what it lacked.
  await context.setOffline(false);
  await expect(page.getByText('This page needs a connection.')).toHaveCount(0);
  await expect(page.getByRole('banner').getByText(/^Offline/)).toHaveCount(0);
});

test('signing out removes everything kept on the device', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  await signIn(page, account);
  await page.goto(`/?year=${FUTURE_YEAR}&week=${WEEK}`);
  await expect(page.getByText('Current Week').first()).toBeVisible();
  await weekKept(page, FUTURE_YEAR, WEEK);

  await logOut(page);
  expect(await keptKeys(page)).toEqual([]);
});

/** Stops a journey's own server and removes its copy of the app and its data. */
async function stopAndRemove(server: ServerProcess, webDir: string, dataDir: string): Promise<void> {
  server.kill('SIGTERM');
  await server.exited;
  rmSync(webDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

test.describe('a new build', () => {
  // Its own server on a copy of the built app, so the "new build" below changes no other test's files.
  test('is offered with "New version — Reload" and runs after the reload', async ({ browser }) => {
    test.setTimeout(90_000);
    const webDir = path.join(e2eWorkDir, `new-build-${unique()}`);
    const dataDir = `${webDir}-data`;
    cpSync(path.join(repoRoot, 'dist', 'web'), webDir, { recursive: true });
    const server = await startServerProcess({ dataDir, env: { WEB_DIR: webDir, LOG_LEVEL: 'warn' } });
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow' });
    try {
      const account = await createAccountInDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }, repoRoot), {});
      const page = await context.newPage();
      await page.goto('/login');
      await submitLogin(page, account.username, account.password);
      await expect(page.getByText('Current Week').first()).toBeVisible();
      await controlledByServiceWorker(page);
      // Null while the page is between two documents (the reload into the new version).
      const build = () => page.evaluate<boolean>(`document.head.innerHTML.includes('<!-- build 2 -->')`).catch(() => null);
      expect(await build()).toBe(false);

      // The release: a changed index.html, and the service worker that precaches it.
      const index = path.join(webDir, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', '<!-- build 2 --></head>'));
      for (const copy of ['index.html.gz', 'index.html.br']) rmSync(path.join(webDir, copy), { force: true });
      const sw = path.join(webDir, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1build-2"'));

      // What a tab left open does every hour and when it is shown again.
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r?.update())');
      await expect(page.getByText('New version of Trolleyboard')).toBeVisible({ timeout: 20_000 });
      expect(await build(), 'the open page keeps running the version it loaded until the person reloads').toBe(false);
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(build, { timeout: 15_000 }).toBe(true);
      await expect(page.getByText('New version of Trolleyboard')).toHaveCount(0);
      // Offline, the shell served is the new one too: the new worker's precache is in charge.
      await context.setOffline(true);
      await page.reload();
      expect(await build()).toBe(true);
    } finally {
      await context.close();
      await stopAndRemove(server, webDir, dataDir);
    }
  });

  // The shell comes from the device, so after an update a page can still run the build before it:
  // the server refuses its changes (plugins/app-build-check.ts); the change waits on the device
  // and the page reloaded into the new build sends it.
  test('a page still running the build before an update changes nothing, keeps the change and sends it from the new build', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const webDir = path.join(e2eWorkDir, `old-build-${unique()}`);
    const dataDir = `${webDir}-data`;
    cpSync(path.join(repoRoot, 'dist', 'web'), webDir, { recursive: true });
    const env = { WEB_DIR: webDir, LOG_LEVEL: 'warn' };
    let server = await startServerProcess({ dataDir, env });
    const port = Number(new URL(server.url).port);
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow' });
    try {
      const account = await createAccountInDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }, repoRoot), {});
      const sdk = new PocketBase(server.url);
      await sdk.collection('users').authWithPassword(account.username, account.password);
      const title = `Before the update ${unique()}`;
      const order = await addOrder(sdk, {
        title,
        day: 'monday',
        customerType: 'retail',
        other: 'none',
        year: FUTURE_YEAR,
        weekNumber: WEEK,
      });
      const page = await context.newPage();
      await page.goto('/login');
      await submitLogin(page, account.username, account.password);
      // Signed in once the board shows: a navigation before that would cut the sign-in short.
      await expect(page.getByText('Current Week').first()).toBeVisible();
      await page.goto(`/?year=${FUTURE_YEAR}&week=${WEEK}`);
      await expect(page.getByText(title)).toBeVisible();
      await controlledByServiceWorker(page);
      const oldEntry = appEntryScript(readFileSync(path.join(webDir, 'index.html'), 'utf8'));
      const runningEntry = () =>
        page
          .evaluate<string>(`document.querySelector('script[type="module"][src^="/assets/"]')?.getAttribute('src') ?? ''`)
          .catch(() => '');

      // The release: a new entry script, the index.html naming it, the worker precaching it, and
      // the server restarted on it. The new entry runs the same app by importing the old one: the
      // board's file is the entry (docs/decisions/074) and the lazily loaded chunks import from it
      // by name, so a copy under a new name would start a second app beside the one they join.
      // A real release renames every chunk that imports a renamed one.
      const newEntry = oldEntry.replace(/\.js$/, '-2.js');
      writeFileSync(path.join(webDir, newEntry), `import './${path.basename(oldEntry)}';\n`);
      const index = path.join(webDir, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace(oldEntry, newEntry));
      for (const copy of ['index.html.gz', 'index.html.br']) rmSync(path.join(webDir, copy), { force: true });
      const sw = path.join(webDir, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1build-2"'));
      server.kill('SIGTERM');
      await server.exited;
      server = await startServerProcess({ dataDir, env, port });

      // A reload starts the shell kept on the device, at once: the build before.
      await page.reload();
      await expect(page.getByText(title)).toBeVisible();
      expect(await runningEntry()).toBe(oldEntry);
      await statusButton(line(page, 'Monday', title)).click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: 'Loaded', exact: true }).click();
      await expect(page.getByText('New version of Trolleyboard')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('banner').getByRole('button', { name: '1 change not sent' })).toBeVisible();
      expect((await sdk.collection('tasks').getOne(order.id)).status, 'the server kept the order as it was').toBe('');

      await page.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(runningEntry, { timeout: 20_000 }).toBe(newEntry);
      await expect(page.getByText('New version of Trolleyboard')).toHaveCount(0);
      await expect.poll(async () => (await sdk.collection('tasks').getOne(order.id)).status, { timeout: 20_000 }).toBe('loaded');
      await expect(statusButton(line(page, 'Monday', title))).toHaveAccessibleName('Status: Loaded');
      await expect(page.getByRole('banner').getByRole('button', { name: /changes? not sent$/ })).toHaveCount(0);
    } finally {
      await context.close();
      await stopAndRemove(server, webDir, dataDir);
    }
  });
});
