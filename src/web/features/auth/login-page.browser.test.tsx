import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { AppConfig } from '#domain/records';
import { queryClient } from '../../lib/query-client';
import { appConfigKeys } from '../../lib/query-keys';
import { renderWithRouter } from '../../testing/render';
import LoginPage from './login-page';
import { signInMessages } from './sign-in';
import { signUpMessages } from './sign-up';

// /login holds two forms: sign-in ("Welcome") and sign-up. Which one shows, that each starts
// empty, and the checks each makes before anything is sent. (Sending them is the journeys' part:
// tests/e2e/login.spec.ts and signup-journey.spec.ts against the real server.)

const heading = (name: string) => page.getByRole('heading', { name, level: 1 });

describe('the login page', () => {
  it('opens on sign-in, and asks for both fields before sending anything', async () => {
    renderWithRouter(<LoginPage />, '/login');
    await expect.element(heading('Welcome')).toBeVisible();
    await expect.element(page.getByLabelText('Email')).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.element(page.getByText(signInMessages.missingFields)).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('switches to sign-up with empty fields and the terms, and back', async () => {
    renderWithRouter(<LoginPage />, '/login');
    await page.getByLabelText('Username').fill('ann');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect.element(heading('Sign up')).toBeVisible();
    await expect.element(page.getByLabelText('Username')).toHaveValue('');
    await expect.element(page.getByLabelText('Confirm Password')).toBeVisible();
    await expect.element(page.getByRole('checkbox')).not.toBeChecked();
    await expect.element(page.getByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    await expect.poll(() => document.title).toContain('Sign up');

    await page.getByRole('button', { name: 'Continue to log in' }).click();
    await expect.element(heading('Welcome')).toBeVisible();
    await expect.element(page.getByLabelText('Username')).toHaveValue('');
    await expect.element(page.getByLabelText('Confirm Password')).not.toBeInTheDocument();
  });

  it('checks sign-up in order: every field, matching passwords, then the terms', async () => {
    renderWithRouter(<LoginPage />, '/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    const create = page.getByRole('button', { name: 'Create Account' });
    await create.click();
    await expect.element(page.getByText(signUpMessages.missingFields)).toBeVisible();

    await page.getByLabelText('Email').fill('ann@nursery.test');
    await page.getByLabelText('Username').fill('ann');
    await page.getByLabelText('Password', { exact: true }).fill('green-house-42');
    await page.getByLabelText('Confirm Password').fill('green-house-43');
    // A new nursery needs its name (docs/decisions/035).
    await create.click();
    await expect.element(page.getByText(signUpMessages.missingFields)).toBeVisible();
    await page.getByLabelText('Nursery name').fill('Greenfields Nursery');
    await create.click();
    await expect.element(page.getByText(signUpMessages.passwordMismatch)).toBeVisible();

    await page.getByLabelText('Confirm Password').fill('green-house-42');
    await create.click();
    await expect.element(page.getByText(signUpMessages.termsRequired)).toBeVisible();
    await expect.element(page.getByText(signUpMessages.passwordMismatch)).not.toBeInTheDocument();
  });

  it("keeps sign-in's message to itself: a sign-up started after a failed sign-in starts clean", async () => {
    renderWithRouter(<LoginPage />, '/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.element(page.getByText(signInMessages.missingFields)).toBeVisible();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect.element(heading('Sign up')).toBeVisible();
    await expect.element(page.getByText(signInMessages.missingFields)).not.toBeInTheDocument();
  });

  describe('when sign-up is by invitation (SIGNUP=invite)', () => {
    afterEach(() => queryClient.removeQueries({ queryKey: appConfigKeys.all }));

    it('says so instead of showing the sign-up form', async () => {
      const config: AppConfig = {
        supportEmail: 'support@nursery.test',
        appUrl: 'http://127.0.0.1',
        appUrlConfigured: false,
        signup: 'invite',
      };
      queryClient.setQueryData(appConfigKeys.all, config);
      renderWithRouter(<LoginPage />, '/login');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await expect.element(page.getByText(/Sign-up is by invitation/)).toBeVisible();
      await expect.element(page.getByLabelText('Email')).not.toBeInTheDocument();
      await page.getByRole('button', { name: 'Continue to log in' }).click();
      await expect.element(heading('Welcome')).toBeVisible();
    });
  });
});
