// Screenshots the journeys keep for people to look at (a screen at phone and desktop size, in
// light and dark): written on a developer's machine, or with E2E_SCREENSHOTS=1, not on CI, where
// nobody opens them and a full-page PNG costs the browser real time (docs/decisions/085). A failed
// journey's own screenshot (playwright.config.ts) is kept either way.
import type { Page, PageScreenshotOptions } from '@playwright/test';

export const screenshotsKept = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

export async function keepScreenshot(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (screenshotsKept) await page.screenshot(options);
}
