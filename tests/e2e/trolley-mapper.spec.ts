import type { Locator, Page } from '@playwright/test';
import { computedStyle } from '../support/computed-style';
import { expect, test } from '../support/e2e-fixtures';
import { pressUntilAnnounced } from '../support/dnd-keys';
import { readPdf } from '../support/pdf-tools';

// The trolley mapper as the transport planner uses it: a run typed in by hand, reordered by
// mouse and by keyboard, laid out on a lorry and a trailer, saved and printed.

interface StopInput {
  title: string;
  orderNumber: string;
  postcode: string;
  trollies: string;
  extras?: string;
}

const STOPS: StopInput[] = [
  { title: 'Greenfields', orderNumber: 'SO-101234', postcode: 'tn126ab', trollies: '3', extras: '2 shelves' },
  { title: 'Bloom & Co', orderNumber: '0', postcode: 'me1 1aa', trollies: '2' },
  { title: 'Hillside Plants', orderNumber: '5678', postcode: 'ct2 7nz', trollies: 'two' },
];

const unique = () => Math.random().toString(36).slice(2, 7);

async function addStops(page: Page, stops: StopInput[]) {
  for (const stop of stops) {
    await page.getByRole('button', { name: '+ Add' }).click();
    const n = await page.getByRole('button', { name: /^Remove stop/ }).count();
    await page.getByLabel(`Title, stop ${n}`).fill(stop.title);
    await page.getByLabel(`Order No, stop ${n}`).fill(stop.orderNumber);
    await page.getByLabel(`Postcode, stop ${n}`).fill(stop.postcode);
    await page.getByLabel(`Trollies, stop ${n}`).fill(stop.trollies);
    await page.getByLabel(`Extras, stop ${n}`).fill(stop.extras ?? '');
  }
}

async function fillDetails(page: Page, details: { driver: string; reg: string; code: string; date: string }) {
  await page.getByLabel('Driver', { exact: true }).fill(details.driver);
  await page.getByLabel('Reg', { exact: true }).fill(details.reg);
  await page.getByLabel('Code', { exact: true }).fill(details.code);
  await page.getByLabel('Date', { exact: true }).fill(details.date);
}

/** The stop names in list order, read from the drag handles ("Move stop 2, Bloom & Co"). */
async function stopOrder(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('button', { name: /^Move stop \d+, / })
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Move stop \d+, /, ''));
}

/** An element's computed background colour, as the browser paints it. */
const backgroundOf = (element: Locator) => computedStyle(element, ['backgroundColor']).then((style) => style.backgroundColor);

const cells = (page: Page) => page.getByRole('button', { name: /^Trolley \d+: / });
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

test('a run typed in, reordered by mouse and keyboard, laid out on a 12T lorry and a 7T trailer, then saved', async ({
  page,
  accounts,
  signIn,
}) => {
  await signIn(page, await accounts.create(), '/trolley-mapper');
  await expect(page.getByRole('heading', { name: 'Total Trollies: 0' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  await addStops(page, STOPS);
  // "two" is not a number, so it counts as 0.
  await expect(page.getByRole('heading', { name: 'Total Trollies: 5' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish Editing' }).click();

  // The row shows position, last 4 of the order number, the mapper postcode, {n}T and extras.
  const first = page.getByRole('listitem').filter({ hasText: 'Greenfields' });
  await expect(first).toContainText('1Greenfields1234TN12 6AB3T2 shelves');
  await expect(page.getByRole('listitem').filter({ hasText: 'Bloom & Co' })).toContainText('ME1 1AA2T');

  // Mouse: press on the handle, hold past the 250 ms delay, move in steps, release.
  const from = await page.getByRole('button', { name: 'Move stop 1, Greenfields' }).boundingBox();
  const to = await page.getByRole('button', { name: 'Move stop 3, Hillside Plants' }).boundingBox();
  if (!from || !to) throw new Error('drag handles have no box');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(350);
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => stopOrder(page)).toEqual(['Bloom & Co', 'Hillside Plants', 'Greenfields']);

  // Keyboard: Space picks up, ArrowDown moves, Space drops; each step is announced.
  await page.getByRole('button', { name: 'Move stop 1, Bloom & Co' }).focus();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Picked up stop 1, Bloom & Co.');
  await pressUntilAnnounced(page, 'ArrowDown', 'Moved to position 2.');
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Dropped at position 2.');
  await expect.poll(() => stopOrder(page)).toEqual(['Hillside Plants', 'Bloom & Co', 'Greenfields']);

  // A 12T lorry has 12 cells; a click on a customer then on a cell writes its label.
  await page.getByRole('button', { name: '12T', exact: true }).click();
  await expect(cells(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Choose Greenfields - SO-101234 for the trolleys' }).click();
  await page.getByRole('button', { name: 'Trolley 1: empty' }).click();
  await page.getByRole('button', { name: 'Trolley 5: empty' }).click();
  // An order number of 0 is no order number: the label is the title alone.
  await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
  await page.getByRole('button', { name: 'Trolley 2: empty' }).click();
  await page.getByRole('button', { name: 'Blank Trolley' }).click();
  await page.getByRole('button', { name: 'Trolley 3: empty' }).click();
  // Each customer's trolleys wear its colour and drop number, the same as its swatch in the list;
  // another customer's differ; a blank trolley has neither (docs/decisions/071).
  const trolley = (name: string) => page.getByRole('button', { name, exact: true });
  const greenfieldsSwatch = page.getByRole('listitem').filter({ hasText: 'Greenfields' }).getByTestId('stop-swatch');
  await expect(trolley('Trolley 1: Greenfields - SO-101234').getByTestId('drop-number')).toHaveText('Drop 3');
  await expect(trolley('Trolley 2: Bloom & Co').getByTestId('drop-number')).toHaveText('Drop 2');
  await expect(trolley('Trolley 1: Greenfields - SO-101234')).toHaveAccessibleDescription('Drop 3');
  await expect(trolley('Trolley 3: Blank').getByTestId('drop-number')).toHaveCount(0);
  const greenfieldsColour = await backgroundOf(trolley('Trolley 1: Greenfields - SO-101234'));
  expect(await backgroundOf(trolley('Trolley 5: Greenfields - SO-101234'))).toBe(greenfieldsColour);
  expect(await backgroundOf(greenfieldsSwatch)).toBe(greenfieldsColour);
  expect(await backgroundOf(trolley('Trolley 2: Bloom & Co'))).not.toBe(greenfieldsColour);
  expect(await backgroundOf(trolley('Trolley 3: Blank'))).not.toBe(greenfieldsColour);
  await page.getByRole('button', { name: 'Erase' }).click();
  await page.getByRole('button', { name: 'Trolley 5: Greenfields - SO-101234' }).click();
  await expect(page.getByRole('button', { name: 'Trolley 1: Greenfields - SO-101234' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trolley 2: Bloom & Co' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trolley 3: Blank' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trolley 5: empty' })).toBeVisible();
  // Clear All asks first: three trolleys are filled.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.getByRole('dialog', { name: 'Clear all trolleys?' }).getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('button', { name: /^Trolley \d+: empty$/ })).toHaveCount(12);

  // Switching to a trailer clears the grid and the size (no question: nothing is filled); 7T has 9
  // cells (head, neck, 3x3).
  await page.getByRole('button', { name: 'Trolley 4: empty' }).click();
  await page.getByRole('button', { name: 'Trailer' }).click();
  await expect(cells(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '12T', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '7T', exact: true }).click();
  await expect(cells(page)).toHaveCount(9);
  await page.getByRole('button', { name: 'Choose Hillside Plants - 5678 for the trolleys' }).click();
  await page.getByRole('button', { name: 'Trolley 1: empty' }).click();
  await page.getByRole('button', { name: 'Trolley 9: empty' }).click();

  // Saving needs driver, registration and date.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter driver, registration and date before saving.')).toBeVisible();

  // The details are in sight without Edit.
  const driver = `Sam${unique()}`;
  await fillDetails(page, { driver, reg: 'AB12 CDE', code: 'K7', date: '2026-11-23' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Run saved.')).toBeVisible();
  // The address follows the saved run.
  await expect(page).toHaveURL(/\/runs\/view\/[a-z0-9]{15}$/);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

  await page.goto('/runs');
  await expect(page.getByRole('link', { name: new RegExp(`^23-11-2026-${driver}-AB12 CDE`) })).toBeVisible();
});

test('a new plan starts at the next working day; a saved run opens with its own date', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  // A Friday afternoon: the next working day is Monday (docs/decisions/071).
  await page.clock.setFixedTime(new Date(2026, 10, 27, 16, 30));
  await page.goto('/trolley-mapper');
  const date = page.getByLabel('Date', { exact: true });
  await expect(date).toHaveValue('2026-11-30');
  // Untouched, it is no unsaved change.
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await date.fill('2026-12-02');
  await page.getByLabel('Driver', { exact: true }).fill(`Kim${unique()}`);
  await page.getByLabel('Reg', { exact: true }).fill('KM70 RUN');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Run saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/runs\/view\/[a-z0-9]{15}$/);
  await page.reload();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2026-12-02');
});

test('Print saves the run and downloads a one-page landscape run sheet with every cell label', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create(), '/trolley-mapper');
  await page.getByRole('button', { name: 'Edit' }).click();
  await addStops(page, STOPS);
  const driver = `Pat${unique()}`;
  await fillDetails(page, { driver, reg: 'XY70 TRK', code: 'R2', date: '2026-11-24' });
  await page.getByRole('button', { name: 'Finish Editing' }).click();
  await page.getByRole('button', { name: '12T', exact: true }).click();
  const labels = ['Greenfields - SO-101234', 'Bloom & Co', 'Hillside Plants - 5678'];
  for (const [i, label] of labels.entries()) {
    await page.getByRole('button', { name: `Choose ${label} for the trolleys` }).click();
    for (const cell of [i + 1, i + 4, i + 7]) await page.getByRole('button', { name: `Trolley ${cell}: empty` }).click();
    await expect(page.getByRole('button', { name: `Trolley ${i + 1}: ${label}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Blank Trolley' }).click();
  await page.getByRole('button', { name: 'Trolley 12: empty' }).click();

  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print' }).click()]);
  const elapsed = Date.now() - started;
  console.log(`[print] Print click to download: ${elapsed} ms`);
  expect(download.suggestedFilename()).toBe(`24-11-2026_${driver}.pdf`);
  const file = test.info().outputPath('run-sheet.pdf');
  await download.saveAs(file);

  const pdf = readPdf(file);
  expect(pdf.pages).toBe(1);
  expect(pdf.width).toBeGreaterThan(pdf.height);
  expect(pdf.width).toBeCloseTo(841.89, 0);
  for (const label of [...labels, 'Blank']) expect(pdf.text).toContain(label);
  // The list prints the whole order number, beside the name, where the screen shows "1234".
  expect(pdf.rawText).toMatch(/1 Greenfields SO-101234 TN12 6AB/);
  for (let cell = 1; cell <= 12; cell += 1) expect(pdf.text).toContain(`Trolley ${cell}`);
  expect(pdf.text).toContain(driver.toUpperCase());
  expect(pdf.text).toContain('XY70 TRK');
  expect(pdf.text).toContain('24-11-2026');
  expect(pdf.text).toMatch(/Made with Trolleyboard http:\/\/127\.0\.0\.1:\d+/);
  expect(pdf.text).toContain('Code: R2');
  const now = new Date();
  expect(pdf.text).toContain(
    `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`,
  );
  console.log(`[print] run sheet size: ${pdf.bytes} bytes`);

  // Print saved the run first: it is on /runs.
  await page.goto('/runs');
  await expect(page.getByRole('link', { name: new RegExp(`^24-11-2026-${driver}-XY70 TRK`) })).toBeVisible();
});

test('the board’s Create Run hands over its chosen orders as router state', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create(), '/trolley-mapper');
  const stops = [
    { id: 'order1aaaaaaaaa', title: 'Greenfields', postcode: 'tn126ab', trollies: '4', extras: '', orderNumber: '101234' },
    { id: 'order2aaaaaaaaa', title: 'Rosebank', postcode: 'me11aa', trollies: '1', extras: 'pots', orderNumber: '' },
  ];
  // What navigate(paths.trolleyMapper, { state: { stops } }) leaves in the history entry.
  await page.evaluate(`window.history.replaceState(${JSON.stringify({ usr: { stops }, key: 'board', idx: 0 })}, '')`);
  await page.reload();
  await expect.poll(() => stopOrder(page)).toEqual(['Greenfields', 'Rosebank']);
  await expect(page.getByRole('heading', { name: 'Total Trollies: 5' })).toBeVisible();
});

test('leaving with unsaved changes asks first', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create(), '/trolley-mapper');
  await page.getByRole('button', { name: 'Edit' }).click();
  await addStops(page, STOPS.slice(0, 1));
  await page.getByRole('link', { name: 'Trolleyboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/trolley-mapper$/);
  await expect(page.getByLabel('Title, stop 1')).toHaveValue('Greenfields');

  await page.getByRole('link', { name: 'Trolleyboard' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the browser's Back and Forward with unsaved changes ask first too", async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create(), '/trolley-mapper');
  // An in-app move to the board and Back: the board is now the mapper's Forward, in the same page.
  await page.getByRole('link', { name: 'Trolleyboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate('window.history.back()');
  await expect(page).toHaveURL(/\/trolley-mapper$/);
  await page.getByRole('button', { name: 'Edit' }).click();
  await addStops(page, STOPS.slice(0, 1));

  await page.evaluate('window.history.forward()');
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/trolley-mapper$/);
  await expect(page.getByLabel('Title, stop 1')).toHaveValue('Greenfields');

  await page.evaluate('window.history.forward()');
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

  test('a finger held on the handle for 250 ms drags the stop; a quick swipe does not', async ({ page, accounts, signIn }) => {
    await signIn(page, await accounts.create(), '/trolley-mapper');
    await page.getByRole('button', { name: 'Edit' }).click();
    await addStops(page, STOPS);
    await page.getByRole('button', { name: 'Finish Editing' }).click();

    // Touch input as the tablet sends it, through the browser's own touch pipeline.
    const cdp = await page.context().newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const drag = async (fromName: string, toName: string, holdMs: number) => {
      const from = await page.getByRole('button', { name: fromName }).boundingBox();
      const to = await page.getByRole('button', { name: toName }).boundingBox();
      if (!from || !to) throw new Error('drag handles have no box');
      const x = from.x + from.width / 2;
      await touch('touchStart', x, from.y + from.height / 2);
      await page.waitForTimeout(holdMs);
      const steps = 12;
      for (let i = 1; i <= steps; i += 1) {
        await touch('touchMove', x, from.y + from.height / 2 + ((to.y + to.height / 2 + 4 - from.y - from.height / 2) * i) / steps);
      }
      await touch('touchEnd', x, to.y + to.height / 2 + 4);
    };

    // Moving before the 250 ms are up is a swipe, not a drag: nothing moves.
    await drag('Move stop 1, Greenfields', 'Move stop 3, Hillside Plants', 0);
    await page.waitForTimeout(300);
    expect(await stopOrder(page)).toEqual(['Greenfields', 'Bloom & Co', 'Hillside Plants']);

    await drag('Move stop 1, Greenfields', 'Move stop 3, Hillside Plants', 350);
    await expect.poll(() => stopOrder(page)).toEqual(['Bloom & Co', 'Hillside Plants', 'Greenfields']);

    // A tap on a stop and a tap on a cell fill it (once the drop has settled: a tap during the
    // drop animation lands on the dragged row's overlay, as it would under a finger).
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: '8T', exact: true }).tap();
    await expect(page.getByRole('button', { name: 'Trolley 1: empty' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).tap();
    await page.getByRole('button', { name: 'Trolley 6: empty' }).tap();
    await expect(page.getByRole('button', { name: 'Trolley 6: Bloom & Co' })).toBeVisible();
  });
});
