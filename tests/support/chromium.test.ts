import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from './chromium';

/** The features Playwright switches off, as its installed version lists them (chromiumSwitches.ts). */
function playwrightsDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  if (list === undefined) throw new Error("Playwright's disabledFeatures list was not found in playwright-core/lib/coreBundle.js");
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe('the Chromium the browser tests launch', () => {
  it("keeps every feature Playwright switches off, since its --disable-features replaces Playwright's", () => {
    const ours = chromiumLaunchOptions.args
      .find((arg) => arg.startsWith('--disable-features='))!
      .split('=')[1]!
      .split(',');
    expect(ours).toEqual(expect.arrayContaining(playwrightsDisabledFeatures()));
  });

  // A browser's launch took 18 s on CI's two cores shared with two other runs.
  it("opens a test's page without the browser's own pages (the address bar's drop-down) beside it", { timeout: 60_000 }, async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const context = await browser.newContext();
      await context.newPage();
      const cdp = await browser.newBrowserCDPSession();
      // Every kind of target, the browser's own pages (type browser_ui) too.
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      expect(targetInfos.map((target) => `${target.type} ${target.url}`)).toEqual(expect.arrayContaining(['page about:blank']));
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
