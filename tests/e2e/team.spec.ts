import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { testResultsDir } from '../support/e2e-env';
import { test, expect, submitLogin, type Mailbox } from '../support/e2e-fixtures';
import { openMenu } from '../support/e2e-board';
import { keepScreenshot } from '../support/screenshots';

// A nursery and its people, as they meet them (docs/product.md#team): an admin signs up with the
// nursery's name, sets its route headings, invites a colleague by mail and makes a yard account;
// the colleague joins through the mailed link and sees the nursery's headings; the yard account
// (a viewer) looks but cannot change; a second nursery on the same server sees none of it.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The path of the mail's link that starts with `prefix` (the mail names the server's public address). */
function linkTo(links: string[], prefix: string): string {
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(prefix));
  if (!link) throw new Error(`No ${prefix} link in the mail; links were: ${links.join(', ')}`);
  return new URL(link).pathname;
}

async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Signs up on /login as a new nursery's first person, verifies by mail and signs in. */
async function signUpNursery(page: Page, mailbox: Mailbox, nurseryName: string, suffix: string) {
  const username = `admin${suffix}`;
  const email = `admin.${suffix}@nursery.test`;
  const password = `Spring-bulbs-${suffix}`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Nursery name').fill(nurseryName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Account created! Check your email to verify.');
  const mail = await mailbox.waitFor(email, 'verify');
  await page.goto(linkTo(mail.links, '/auth/confirm-verification/'));
  await expect(page.getByRole('alert')).toHaveText('Email verified! You can now log in.');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, username, password);
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
  return { username, email, password };
}

async function openMenuItem(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

test('a nursery admin invites a colleague and makes a yard account; the colleague joins; a viewer cannot edit; another nursery sees none of it', async ({
  page,
  browser,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const nurseryName = `Greenfields ${suffix}`;
  await page.setViewportSize(DESKTOP);
  await signUpNursery(page, mailbox, nurseryName, suffix);

  // The nursery's route heading for Monday, set once by its admin for every member's board.
  await openMenuItem(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Nursery', exact: true })).toBeVisible();
  await expect(page.getByLabel('Nursery name')).toHaveValue(nurseryName);
  // The nursery's headings sit next to the person's own, under one Save (docs/decisions/072).
  const headings = page.getByRole('form', { name: 'Week Headings' });
  await headings.getByLabel('Monday route').fill('Kent run');
  await headings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(headings.getByText('Saved. The board shows these headings now.')).toBeVisible();
  // The e2e server's operator gave a DELETE_PASSWORD, so nothing was generated to show.
  await expect(page.getByRole('heading', { name: 'Deletion password' })).toBeVisible();

  // Team: invite a colleague by e-mail, as staff.
  await openMenuItem(page, 'Team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const colleagueEmail = `colleague.${suffix}@nursery.test`;
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite by e-mail' });
  await invite.getByLabel('Email').fill(colleagueEmail);
  await invite.getByLabel('Role').selectOption('staff');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Invitations' })).toContainText(colleagueEmail);

  // A yard account for the dispatch screen: a viewer.
  const yardName = `yard${suffix}`;
  const yardPassword = `Dispatch-screen-${suffix}`;
  await page.getByRole('button', { name: 'Create yard account' }).click();
  const yard = page.getByRole('dialog', { name: 'Create yard account' });
  await yard.getByLabel('Username').fill(yardName);
  await yard.getByLabel('Name', { exact: true }).fill('Dispatch screen');
  await yard.getByLabel('Role').selectOption('viewer');
  await yard.getByLabel('Password', { exact: true }).fill(yardPassword);
  await yard.getByLabel('Confirm Password').fill(yardPassword);
  await yard.getByRole('button', { name: 'Create yard account' }).click();
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members).toContainText('Dispatch screen');
  await expect(members).toContainText('Yard account, no e-mail');

  // The colleague opens the mailed link: the nursery is named, no nursery field, the address filled in.
  const mail = await mailbox.waitFor(colleagueEmail, nurseryName);
  const colleague = await newPage(browser, PHONE);
  await colleague.goto(linkTo(mail.links, '/invite/'));
  await expect(colleague.getByRole('heading', { name: `Join ${nurseryName}` })).toBeVisible();
  await expect(colleague.getByText(/invited you to join/)).toContainText('Staff');
  await expect(colleague.getByLabel('Nursery name')).toHaveCount(0);
  await expect(colleague.getByLabel('Email')).toHaveValue(colleagueEmail);
  const colleaguePassword = `Hardy-fern-${suffix}`;
  await colleague.getByLabel('Username').fill(`colleague${suffix}`);
  await colleague.getByLabel('Password', { exact: true }).fill(colleaguePassword);
  await colleague.getByLabel('Confirm Password').fill(colleaguePassword);
  await colleague.getByLabel('I agree to the Terms and Privacy Policy').check();
  await colleague.getByRole('button', { name: 'Create Account' }).click();
  // The link proved the address: no verification mail, straight to signing in.
  await expect(colleague.getByRole('alert')).toHaveText('Account created! You can log in now.');
  await colleague.getByRole('button', { name: 'Continue to log in' }).click();
  await submitLogin(colleague, `colleague${suffix}`, colleaguePassword);
  const monday = colleague
    .getByRole('region', { name: /^Monday/ })
    .or(colleague.locator('section', { has: colleague.getByRole('heading', { name: /^Monday/ }) }));
  await expect(monday.first()).toContainText('Kent run');

  // The colleague (staff) adds an order; the admin's team list shows them as staff.
  await colleague.goto('/createCustomer');
  await colleague.getByLabel('Customer name').fill(`Rose Farm ${suffix}`);
  await colleague.getByLabel('Postcode').fill('ME1 1AA');
  await colleague.getByLabel('Order number').fill(`SO-${suffix}`);
  await colleague.getByRole('button', { name: 'Save' }).click();
  await expect(colleague).toHaveURL((url) => url.pathname === '/');
  await expect(colleague.getByText(`Rose Farm ${suffix}`).first()).toBeVisible();
  await page.reload();
  await expect(members).toContainText(`colleague${suffix}`);

  // The yard account (a viewer) sees the order but nothing to change it with.
  const viewer = await newPage(browser, PHONE);
  await viewer.goto('/login');
  await submitLogin(viewer, yardName, yardPassword);
  // Nobody agreed to the terms for a yard account: the person at the screen does, once.
  await viewer.getByLabel('I have read and agree to the Terms and Privacy Policy').check();
  await viewer.getByRole('button', { name: 'Agree and Continue' }).click();
  await expect(viewer.getByRole('heading', { name: /^Monday/ })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Add Order' })).toHaveCount(0);
  await openMenu(viewer);
  const viewerMenu = viewer.getByRole('navigation', { name: 'Main menu' });
  await expect(viewerMenu.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await expect(viewerMenu.getByRole('link', { name: 'Add Order' })).toHaveCount(0);
  await viewer.keyboard.press('Escape');
  // On the board: each status shown, none to press; no day's "+" or status-for-all, no dragging.
  const viewerLine = viewer.getByRole('listitem').filter({ hasText: `Rose Farm ${suffix}` });
  await expect(viewerLine.getByRole('img', { name: /^Status: / })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /^Status: / })).toHaveCount(0);
  await expect(viewer.getByRole('link', { name: /^Add order on / })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /^Set status of / })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /^Move .* to another day$/ })).toHaveCount(0);
  await viewer.getByText(`Rose Farm ${suffix}`).first().click();
  await expect(viewer.getByText('Viewers can look but not change anything.')).toBeVisible();
  await expect(viewer.getByLabel('Customer name')).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // A second nursery on the same server sees none of it.
  const otherSuffix = unique();
  const other = await newPage(browser, DESKTOP);
  await signUpNursery(other, mailbox, `Other ${otherSuffix}`, otherSuffix);
  await expect(other.getByText(`Rose Farm ${suffix}`)).toHaveCount(0);
  await expect(other.getByText('Kent run')).toHaveCount(0);
  await openMenuItem(other, 'Team');
  await expect(other.getByRole('list', { name: 'Team members' }).getByRole('listitem')).toHaveCount(1);
  await expect(other.getByText(`colleague${suffix}`)).toHaveCount(0);
  await expect(other.getByText(colleagueEmail)).toHaveCount(0);

  for (const context of [colleague.context(), viewer.context(), other.context()]) await context.close();
});

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`the Team page and the nursery's settings at ${name} size`, async ({ page, mailbox }) => {
    test.setTimeout(90_000);
    const suffix = unique();
    await page.setViewportSize(viewport);
    await signUpNursery(page, mailbox, `Sunny Acres ${suffix}`, suffix);
    await page.goto('/team');
    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill(`new.${suffix}@nursery.test`);
    await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('list', { name: 'Invitations' })).toContainText(`new.${suffix}@nursery.test`);
    await page.getByRole('button', { name: 'Create yard account' }).click();
    const yard = page.getByRole('dialog', { name: 'Create yard account' });
    await yard.getByLabel('Username').fill(`screen${suffix}`);
    await yard.getByLabel('Name', { exact: true }).fill('Dispatch screen');
    await yard.getByLabel('Password', { exact: true }).fill(`Dispatch-screen-${suffix}`);
    await yard.getByLabel('Confirm Password').fill(`Dispatch-screen-${suffix}`);
    await yard.getByRole('button', { name: 'Create yard account' }).click();
    await expect(page.getByRole('list', { name: 'Team members' })).toContainText('Dispatch screen');
    // The toasts have said their piece: the picture shows the page (a toast under the pointer waits).
    await page.mouse.move(0, 0);
    await expect(page.getByText(/Yard account screen\w+ created/)).toBeHidden({ timeout: 10_000 });
    await keepScreenshot(page, { path: path.join(testResultsDir, 'screens', `team-${name}.png`), fullPage: true });
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Nursery', exact: true })).toBeVisible();
    await keepScreenshot(page, { path: path.join(testResultsDir, 'screens', `settings-${name}.png`), fullPage: true });
  });
}
