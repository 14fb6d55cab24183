// The CSV journeys' shared step: pressing a screen's Export CSV and reading the file it hands over.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { test } from './e2e-fixtures';

/** Presses the screen's Export CSV and gives the file's text (byte-order mark and all). */
export async function exportedCsv(page: Page): Promise<string> {
  const [file]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return readFileSync(path, 'utf8');
}
