import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { RUNS_API } from '../../src/domain/runs/runs-api';
import { paths } from '../../src/web/lib/paths';
import { api, unique } from '../support/e2e-api';
import { ONE_SIZE } from '../support/e2e-board';
import { repoRoot } from '../support/e2e-env';
import { test, expect } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';
import { keepScreenshot } from '../support/screenshots';

// A customer's contacts and mail on the Customers screen (docs/decisions/077), at the office's
// desktop (nothing here differs by size, docs/decisions/086): office adds a contact (the server's sentence for an address that is not one shows on
// the field), changes what it receives and removes it; the mail log shows a dispatch's notice the
// moment the server has sent it; the dialog passes axe-core in light and dark.

const AXE_SOURCE = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core's violations inside the open dialog, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>(`typeof window.axe === 'object'`))) await page.evaluate(`(() => {\n${AXE_SOURCE}\n})()`);
  return page.evaluate<string[]>(`axe
    .run(document.querySelector('dialog[open]'), { resultTypes: ['violations'] })
    .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => v.id + ': ' + n.target.join(' '))))`);
}

const { name: size, use: options } = ONE_SIZE.desk;
test.describe(`on a ${size}`, () => {
  test.use(options);

  test("office keeps a customer's contacts: add, change what it receives, remove", async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const pb = await api(admin);
    const u = unique();
    await pb.collection('customers').create({ name: `Hillside ${u}` });

    await signIn(page, admin, paths.customers);
    await page.getByRole('button', { name: `Contacts of Hillside ${u}` }).click();
    const dialog = page.getByRole('dialog', { name: `Contacts of Hillside ${u}` });
    await expect(dialog.getByText('No contacts yet: no mail goes to this customer.')).toBeVisible();

    await dialog.getByRole('button', { name: 'Add contact' }).click();
    const form = dialog.getByRole('form', { name: 'New contact' });
    await form.getByLabel('E-mail').fill('jo at hillside');
    // The browser's own check of type=email is the first word; the server's sentence is the second.
    await form.getByLabel('E-mail').evaluate((input) => input.setAttribute('type', 'text'));
    await form.getByRole('button', { name: 'Add contact' }).click();
    await expect(form.getByText('Enter an e-mail address like name@example.com.', { exact: true })).toBeVisible();
    await form.getByLabel('E-mail').fill('jo@hillside.test');
    await form.getByLabel('Name').fill('Jo, tills');
    await form.getByLabel('Phone').fill('01234 567890');
    await form.getByRole('button', { name: 'Add contact' }).click();

    const contacts = dialog.getByRole('list', { name: 'Contacts' });
    await expect(contacts.getByRole('listitem')).toHaveCount(1);
    await expect(contacts).toContainText('jo@hillside.test · Jo, tills');
    await expect(contacts).toContainText('01234 567890 · Delivery notices, balance reminders, statements');
    await keepScreenshot(page, { path: test.info().outputPath(`contacts-${size}-light.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, { path: test.info().outputPath(`contacts-${size}-dark.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await contacts.getByRole('button', { name: 'Edit contact jo@hillside.test' }).click();
    const edit = dialog.getByRole('form', { name: 'Edit contact' });
    await edit.getByLabel('Statements').uncheck();
    await edit.getByRole('button', { name: 'Save contact' }).click();
    await expect(contacts).toContainText('01234 567890 · Delivery notices, balance reminders');
    await expect(contacts).not.toContainText('statements');

    await contacts.getByRole('button', { name: 'Remove contact jo@hillside.test' }).click();
    await expect(dialog.getByText('No contacts yet: no mail goes to this customer.')).toBeVisible();
    expect(await pb.collection('customer_contacts').getFullList()).toEqual([]);
  });

  test("a dispatch's notice shows on the customer's mail the moment it is sent", async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const pb = await api(admin);
    const u = unique();
    const week = nextIsoWeek();
    const customer = await pb.collection('customers').create({ name: `Oak ${u}` });
    await pb.collection('customer_contacts').create({ customer: customer.id, email: `yard-${u}@oak.test` });
    const order = await pb
      .collection('tasks')
      .create({ title: `Oak ${u}`, customer: customer.id, trollies: '2', year: week.year, weekNumber: week.week });

    await signIn(page, admin, paths.customers);
    await page.getByRole('button', { name: `Contacts of Oak ${u}` }).click();
    const dialog = page.getByRole('dialog', { name: `Contacts of Oak ${u}` });
    await expect(dialog.getByText('No mail sent to this customer yet.')).toBeVisible();

    const run = await pb.collection('trolley_exports').create({
      name: `Run ${u}`,
      data: [{ id: order.id, title: `Oak ${u}`, postcode: '', trollies: '2', extras: '', orderNumber: '' }],
      vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    });
    for (const state of ['loading', 'dispatched']) await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });

    const mail = dialog.getByRole('list', { name: 'Mail' });
    await expect(mail.getByRole('listitem')).toHaveCount(1);
    await expect(mail).toContainText('Sent');
    await expect(mail).toContainText('is on its way today');
    await expect(mail).toContainText(`Delivery notices · to yard-${u}@oak.test`);
    await keepScreenshot(page, { path: test.info().outputPath(`mail-log-${size}-light.png`) });
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, { path: test.info().outputPath(`mail-log-${size}-dark.png`) });
    expect(await axeViolations(page)).toEqual([]);
  });
});
