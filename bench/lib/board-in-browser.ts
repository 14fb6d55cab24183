// The JavaScript a signed-in user's browser downloads until the board shows an order: Debian's
// Chromium opens the board of the current week, and every script it fetched is weighed (gzip).
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { chromiumLaunchOptions } from '../../tests/support/chromium';
import { readChunk, type Chunk } from './bundle';

/** Chunks loaded until `orderTitle` is visible, or a sentence saying why it never showed. */
export async function chunksUntilOrderVisible(
  url: string,
  distDir: string,
  session: { token: string; record: RecordModel },
  orderTitle: string,
): Promise<Chunk[] | string> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Signed in as the SDK itself keeps a session (localStorage `pocketbase_auth`).
    await page.addInitScript({ content: `localStorage.setItem('pocketbase_auth', ${JSON.stringify(JSON.stringify(session))});` });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const { pathname, origin } = new URL(response.url());
      if (origin === url && pathname.endsWith('.js')) scripts.add(pathname.replace(/^\//, ''));
    });
    await page.goto(`${url}/`);
    try {
      await page.getByText(orderTitle).first().waitFor({ state: 'visible', timeout: 30_000 });
    } catch {
      return `the board at ${url}/ did not show the order "${orderTitle}" within 30 s`;
    }
    return [...scripts].map((file) => readChunk(distDir, path.normalize(file)));
  } finally {
    await browser.close();
  }
}
