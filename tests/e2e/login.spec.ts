import { test, expect, submitLogin } from '../support/e2e-fixtures';
import { E2E_SUPPORT_EMAIL } from '../support/e2e-env';
import type { Page } from '@playwright/test';

// Every message of the sign-in / sign-up screen (docs/product.md#login, docs/product.md#messages), against the real server.

async function expectBoard(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
}

function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** Opens the sign-up form, fills it in as a person would (terms ticked) and sends it. */
async function submitSignUp(page: Page, email: string, username: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Nursery name').fill(`${username}'s nursery`);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password-1');
  await page.getByLabel('Confirm Password').fill('a-good-password-1');
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('sign in', () => {
  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Trolleyboard', { exact: true })).toBeVisible();
    await expect(page.getByText('create and track orders')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');

    await page.getByLabel('Username').fill('someone');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
  });

  test('says the password is wrong', async ({ page, accounts }) => {
    const account = await accounts.create();
    await page.goto('/login');
    await submitLogin(page, account.username, `${account.password}-wrong`);
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
    await expect(page).toHaveURL(/\/login$/);
    // Said once, next to the form: not a toast repeating the box.
    await page.waitForTimeout(500);
    await expect(page.getByText('Incorrect username or password.')).toHaveCount(1);
  });

  test('refuses an unverified account and drops its session', async ({ page, accounts }) => {
    const account = await accounts.create({ verified: false });
    await page.goto('/login');
    await submitLogin(page, account.username, account.password);
    await expect(page.getByRole('alert')).toHaveText('Please verify your email before logging in.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate('window.localStorage.getItem("pocketbase_auth")')).toBeNull();
  });

  test('shows "Logging In..." on a disabled button while the server answers, then the board', async ({ page, accounts }) => {
    const account = await accounts.create();
    // Hold the real request back until the busy state has been seen; the server still answers it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/collections/users/auth-with-password', async (route) => {
      await released;
      await route.continue();
    });

    await page.goto('/login');
    await submitLogin(page, account.username, account.password);
    await expect(page.getByRole('button', { name: 'Logging In...' })).toBeDisabled();
    release();

    await expect(page.getByText('Login successful!')).toBeVisible();
    await expectBoard(page);
  });

  test('accepts the e-mail address as the identity', async ({ page, accounts }) => {
    const account = await accounts.create();
    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await expectBoard(page);
  });

  test('links to the forgot-password and resend-verification pages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('button', { name: 'Return' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('link', { name: "Didn't get a verification email?" }).click();
    await expect(page).toHaveURL(/\/resend-verification$/);
    await expect(page.getByRole('button', { name: 'Resend Verification' })).toBeVisible();
  });
});

test.describe('sign up', () => {
  test('checks every field, in the spec order, before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    const submit = page.getByRole('button', { name: 'Create Account' });

    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');

    await page.getByLabel('Email').fill('new.person@nursery.test');
    await page.getByLabel('Username').fill('newperson');
    await page.getByLabel('Nursery name').fill('New Leaf Nursery');
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByLabel('Confirm Password').fill('other-password-2');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

    await page.getByLabel('Confirm Password').fill('first-password-1');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('You must agree to the Terms and Privacy Policy.');
  });

  test('opens the terms and privacy links in a new tab', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noreferrer');
    }
  });

  test('switching modes clears every field', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('typed-before');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.getByLabel('Email').fill('x@nursery.test');
    await page.getByLabel('Username').fill('typed-in-signup');
    await page.getByLabel('I agree to the Terms and Privacy Policy').check();
    await page.getByRole('button', { name: 'Continue to log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('');

    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('I agree to the Terms and Privacy Policy')).not.toBeChecked();
  });

  test('says which field the server refused when the username is taken', async ({ page, accounts }) => {
    const existing = await accounts.create();
    await submitSignUp(page, `${uniqueName('dup')}@nursery.test`, existing.username);
    await expect(page.getByRole('alert')).toContainText('Username');
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  });
});

test.describe('sign up with an address that already has an account', () => {
  test('says "Account created!" as for a new address, and the owner gets a mail saying how to sign in', async ({
    page,
    accounts,
    mailbox,
  }) => {
    const existing = await accounts.create();
    await submitSignUp(page, existing.email, uniqueName('again'));
    await expect(page.getByRole('alert')).toHaveText('Account created! Check your email to verify.');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    const mail = await mailbox.waitFor(existing.email, 'Someone tried to sign up');
    expect(mail.text).toContain(existing.username);
  });
});

test.describe('legal pages', () => {
  for (const [path, title] of [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    test(`${path} is public and shows the support address`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: E2E_SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);
      await expect(page.getByRole('link', { name: /Back/ })).toBeVisible();
    });
  }

  test('terms have ten numbered sections including the minimum age', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(10);
    await expect(page.getByText('at least 16 years old')).toBeVisible();
  });

  test('privacy policy carries its date', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText('Last updated: 21/6/2025')).toBeVisible();
  });
});
