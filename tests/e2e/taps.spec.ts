import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { SCREENS } from '../support/e2e-board';
import { expect, test } from '../support/e2e-fixtures';

// How many taps the yard's five most common jobs take on a phone, counted as a person does them:
// from the board, through the navigation, never by typing an address. A tap is a trusted click
// the page received; a field typed into counts once however long the text. The counts are
// printed, and each job fails here if a change makes it take more taps than it does now.

const PHONE = SCREENS.find((screen) => screen.name === 'phone')!.use;

const COUNT_TAPS = `(() => {
  const read = () => JSON.parse(sessionStorage.getItem('taps') || '{"taps":0,"fields":[]}');
  const write = (value) => sessionStorage.setItem('taps', JSON.stringify(value));
  addEventListener('click', (event) => { if (event.isTrusted) { const v = read(); v.taps += 1; write(v); } }, true);
  addEventListener('input', (event) => {
    if (!event.isTrusted || !(event.target instanceof Element)) return;
    const v = read();
    const key = event.target.id || event.target.getAttribute('name') || event.target.getAttribute('aria-label') || event.target.tagName;
    if (!v.fields.includes(key)) v.fields.push(key);
    write(v);
  }, true);
})();`;

interface Count {
  taps: number;
  fields: number;
}
const reset = (page: Page) => page.evaluate(`sessionStorage.removeItem('taps')`);
const counted = async (page: Page): Promise<Count> => {
  const value = await page.evaluate<{ taps: number; fields: string[] }>(
    `JSON.parse(sessionStorage.getItem('taps') ?? '{"taps":0,"fields":[]}')`,
  );
  return { taps: value.taps, fields: value.fields.length };
};

/** Opens a screen from the navigation as a person on a phone does: the bottom bar, else More. */
async function navigateTo(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Quick' });
  if (['Board', 'Scan', 'Runs'].includes(name)) {
    await bar
      .getByRole('link', { name, exact: true })
      .or(bar.getByRole('button', { name, exact: true }))
      .click();
    return;
  }
  await bar.getByRole('button', { name: 'More', exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu
    .getByRole('link', { name, exact: true })
    .or(menu.getByRole('button', { name, exact: true }))
    .click();
}

/**
 * What each job takes now (issue 31's navigation: the bottom bar and the round Add button). Fewer
 * is welcome — lower the figure here; more fails.
 */
const TAPS_NOW: Record<string, Count> = {
  'add an order with trolleys': { taps: 2, fields: 2 },
  'change a status': { taps: 2, fields: 0 },
  'plan and print a run': { taps: 8, fields: 2 },
  'record a return': { taps: 4, fields: 1 },
  'find an order by name': { taps: 3, fields: 1 },
};

const results: { job: string; count: Count }[] = [];

test.use(PHONE);

test('the five everyday jobs, counted in taps on a phone', async ({ page, accounts, signIn }) => {
  test.setTimeout(120_000);
  const account = await accounts.create();
  const pb = await api(account);
  const u = unique();
  const customer = await pb.collection('customers').create({ name: `Tap Garden ${u}`, postcode: 'ME1 1AB' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 6 });
  await page.addInitScript(COUNT_TAPS);
  await signIn(page, account);

  async function job(name: string, work: () => Promise<void>): Promise<void> {
    await page.goto('/');
    await expect(page.getByText('Current Week').first()).toBeVisible();
    await reset(page);
    await work();
    results.push({ job: name, count: await counted(page) });
  }

  const added = `Tap Order ${u}`;
  await job('add an order with trolleys', async () => {
    await page.getByTestId('add-order-fab').click();
    const form = page.getByRole('form', { name: 'Order' });
    await form.getByLabel('Customer name', { exact: true }).fill(added);
    await form.getByLabel('Trolleys', { exact: true }).fill('3');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: added }).first()).toBeVisible();
  });

  const second = `Tap Second ${u}`;
  await navigateTo(page, 'Add Order');
  await page.getByRole('form', { name: 'Order' }).getByLabel('Customer name', { exact: true }).fill(second);
  await page.getByRole('form', { name: 'Order' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: second }).first()).toBeVisible();

  await job('change a status', async () => {
    const line = page.getByRole('listitem').filter({ hasText: added }).first();
    await line.getByRole('button', { name: /^Status: / }).click();
    await page.getByRole('menu').getByRole('menuitemradio', { name: 'Loaded', exact: true }).click();
    await expect(line.getByRole('button', { name: /^Status: Loaded/ })).toBeVisible();
  });

  await job('plan and print a run', async () => {
    await navigateTo(page, 'Map');
    for (const name of [added, second])
      await page
        .getByRole('listitem')
        .filter({ hasText: name })
        .first()
        .getByRole('button', { name: new RegExp(name) })
        .click();
    await page.getByRole('button', { name: 'Create Run' }).click();
    await expect(page.getByRole('heading', { name: /^Total Trollies:/ })).toBeVisible();
    await page.getByRole('button', { name: '12T', exact: true }).click();
    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    await page.getByLabel('Driver', { exact: true }).fill('Sam');
    await page.getByLabel('Reg', { exact: true }).fill('AB12 CDE');
    if ((await page.getByLabel('Date', { exact: true }).inputValue()) === '')
      await page.getByLabel('Date', { exact: true }).fill('2026-12-01');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  await job('record a return', async () => {
    await navigateTo(page, 'Customers');
    await page.getByRole('button', { name: `Trolleys of Tap Garden ${u}` }).click();
    const form = page.getByRole('form', { name: 'Record a return' });
    await form.getByLabel('Trolleys').fill('2');
    await form.getByRole('button', { name: 'Record return' }).click();
    await expect(page.getByText('Return recorded.')).toBeVisible();
  });

  await job('find an order by name', async () => {
    await navigateTo(page, 'Search');
    await page.getByLabel('Search -').fill(`Tap Second ${u}`);
    await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
    await expect(page.getByRole('form', { name: 'Order' }).getByLabel('Customer name', { exact: true })).toHaveValue(second);
  });

  console.log(
    [
      '',
      '| Job | Taps | Fields typed |',
      '|---|---|---|',
      ...results.map((r) => `| ${r.job} | ${r.count.taps} | ${r.count.fields} |`),
    ].join('\n'),
  );
  for (const { job: name, count } of results) expect.soft(count, name).toEqual(TAPS_NOW[name]);
});
