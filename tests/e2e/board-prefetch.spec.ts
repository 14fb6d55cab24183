import { api, unique } from '../support/e2e-api';
import { appEntryScript } from '../support/e2e-board';
import { FUTURE_YEAR } from '../support/open-weeks';
import { test, expect } from '../support/e2e-fixtures';

// On slow yard Wi-Fi every round trip costs ~150 ms (issue 7's budget): the page's inline boot
// script asks for the week's orders as soon as the HTML arrives, and the board uses that answer
// instead of asking again once its own code has loaded (docs/decisions/014).

const WEEK_LIST = '/api/collections/tasks/records';

test("the board's week is asked for before the app's script has arrived, and shown from that answer", async ({
  page,
  accounts,
  signIn,
  baseURL,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const title = `Early bird ${unique()}`;
  await pb.collection('tasks').create({ title, year: FUTURE_YEAR, weekNumber: 50, day: 'tuesday', customerType: 'retail', other: 'none' });
  await signIn(page, account);

  // The app's entry script, held back for a second as slow Wi-Fi would.
  const entry = await appEntryScript(baseURL);
  await page.route(`**${entry}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  // Only the first request for week 50 gets through: if the board asked again instead of using
  // the boot script's answer, it would have nothing to show. Requests for other weeks (the board
  // the sign-in landed on may still be refetching this week's) pass untouched.
  const weekRequests: number[] = [];
  await page.route(`**${WEEK_LIST}?**`, async (route) => {
    const filter = new URL(route.request().url()).searchParams.get('filter') ?? '';
    if (!filter.includes(`year = ${FUTURE_YEAR} && weekNumber = 50 `)) return route.continue();
    weekRequests.push(Date.now());
    await (weekRequests.length === 1 ? route.continue() : route.abort());
  });
  let entryArrived = Number.POSITIVE_INFINITY;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === entry) entryArrived = Date.now();
  });

  await page.goto(`/?year=${FUTURE_YEAR}&week=50`);
  await expect(page.getByRole('region', { name: /^Tuesday/ }).getByText(title)).toBeVisible();
  expect(weekRequests[0], 'the week was asked for while the entry script was still on its way').toBeLessThan(entryArrived);
});

test('a visitor without a session asks for no orders', async ({ page }) => {
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/collections/tasks/')) listRequests.push(request.url());
  });
  await page.goto('/?year=2026&week=50');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(listRequests).toEqual([]);
});
