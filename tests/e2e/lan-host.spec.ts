import playwrightConfig from '../../playwright.config';
import { test, expect, submitLogin } from '../support/e2e-fixtures';
import { e2ePort } from '../support/e2e-env';

// A nursery opens the app the way the README tells them to: `http://<office machine>:8090` from a
// tablet on the yard Wi-Fi, a name that is neither localhost nor HTTPS (docs/decisions/027). Chromium resolves
// the made-up name nursery.lan to the e2e server, so the browser treats it like a LAN address:
// an `upgrade-insecure-requests` or HSTS header would send every script to https:// and leave
// the page blank.

const LAN_HOST = 'nursery.lan';
const configuredArgs = playwrightConfig.use?.launchOptions?.args ?? [];

test.use({
  launchOptions: {
    ...playwrightConfig.use?.launchOptions,
    args: [...configuredArgs, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
});

test('signs in and sees the board at http://nursery.lan:<port>/, scripts sent compressed', async ({ page, accounts }) => {
  const account = await accounts.create();
  const lanUrl = `http://${LAN_HOST}:${e2ePort}`;
  const scripts: { url: string; encoding: string | undefined; length: number }[] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    if (/\/assets\/.+\.js$/.test(response.url()))
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], length: Number(headers['content-length'] ?? 0) });
  });

  const first = await page.goto(`${lanUrl}/`);
  expect(first?.url()).toMatch(new RegExp(`^${lanUrl}/`));
  expect(first?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(first?.headers()['strict-transport-security']).toBeUndefined();

  await expect(page).toHaveURL(`${lanUrl}/login`);
  await submitLogin(page, account.username, account.password);
  await expect(page).toHaveURL(`${lanUrl}/`);
  await expect(page.getByText('Current Week').first()).toBeVisible();

  // Every script came over plain http from the LAN name; all but the tiniest chunks compressed.
  expect(scripts.some((script) => /\/assets\/index-[^/]+\.js$/.test(script.url))).toBe(true);
  for (const script of scripts) {
    expect(script.url.startsWith(`${lanUrl}/assets/`)).toBe(true);
    if (script.encoding === undefined) expect(script.length, `${script.url} sent uncompressed`).toBeLessThanOrEqual(1024);
    else expect(['gzip', 'br']).toContain(script.encoding);
  }
});
