import type { Page } from '@playwright/test';
import { addOrder, api, unique, type OrderInput } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { firstRowTickInk, readFonts, readPdf, renderPage, type PdfFacts } from '../support/pdf-tools';

// Printing from the pick-sheet page at a desktop's size: names in any European
// script printed whole in an embedded font, ticked extras printed ticked, the trollies and notes
// columns remembered on the device, a week of sheets as one PDF, and the day's collect sheet.
// Each test has a week of its own (2028 weeks 34-36), so the sheets hold only its orders. The
// sheets are printed at the office's desk and the PDF is the same from any size of screen, so one
// size is enough (docs/decisions/086); every-screen.spec.ts opens the pick sheet on a phone.

// The weeks and the dates their days fall on.
const SIZE = {
  name: 'desktop',
  viewport: { width: 1440, height: 900 },
  names: { week: 34, wednesday: 23, month: 'August' },
  week: { week: 35, monday: 28, tuesday: 29, thursday: 31 },
  collects: { week: 36, friday: 8, month: 'September' },
} as const;

const YEAR = 2028;

/** Presses a print button and reads the downloaded PDF back with poppler. */
async function download(page: Page, button: string, file: string): Promise<{ name: string; pdf: PdfFacts; path: string }> {
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const path = test.info().outputPath(file);
  await pdf.saveAs(path);
  return { name: pdf.suggestedFilename(), pdf: readPdf(path), path };
}

const size = SIZE;
test.describe(`on a ${size.name}`, () => {
  test.use({ viewport: size.viewport });

  test('a pick sheet prints every name whole, ticks ticked, and the trollies and notes columns, remembered', async ({
    page,
    accounts,
    signIn,
  }) => {
    const { week, wednesday, month } = size.names;
    const account = await accounts.create();
    const pb = await api(account);
    const tag = unique();
    const sixty = `Greenfields Garden Centre and Plant Nursery Wholesale ${tag}`.padEnd(60, 'x');
    const names = [`Łódź Ogrody ${tag}`, `Ynys Môn Plants ${tag}`, `Ŵyneb Ŷd ${tag}`, `Κήπος Αθηνών ${tag}`, `Садовый центр ${tag}`, sixty];
    for (const title of names) {
      const order: OrderInput = { title, day: 'wednesday', customerType: 'wholesale', other: 'none', year: YEAR, weekNumber: week };
      await addOrder(pb, { ...order, trollies: '3', orderInfo: title === names[0] ? `Back gate ${tag}` : '' });
    }

    await signIn(page, account, `/weekday/${YEAR}/${week}/wednesday/${wednesday}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Wednesday ${wednesday} ${month} ${YEAR}`);
    const sheet = page.getByRole('list', { name: 'Orders to pick on Wednesday' });
    await expect(sheet.getByRole('listitem')).toHaveCount(6);

    // Columns: extras, trollies and notes, on screen as they will print.
    await page.getByRole('checkbox', { name: 'Show Extras' }).check();
    await page.getByRole('checkbox', { name: 'Trollies', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Notes', exact: true }).check();
    const first = sheet.getByRole('listitem').first();
    await expect(first).toContainText('Trollies: 3');
    await expect(first).toContainText(`Back gate ${tag}`);
    await first.getByRole('checkbox', { name: 'Yellow' }).check();

    const { name, pdf, path } = await download(page, 'Print', 'pick-sheet.pdf');
    expect(name).toBe(`wednesday-${wednesday}-${YEAR}.pdf`);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`Wednesday ${wednesday} ${month} ${YEAR}`);
    for (const title of names) expect(pdf.rawText).toContain(title);
    expect(pdf.text).not.toContain('?');
    expect(pdf.rawText).toMatch(/Customer Postcode Order No Trollies Notes Green Yellow Shelves/);
    expect(pdf.text).toContain(`Back gate ${tag}`);
    for (const font of readFonts(path)) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
    const ticks = firstRowTickInk(renderPage(path, 1, 150));
    expect(ticks).toMatchObject({ Green: 0, Shelves: 0 });
    expect(ticks.Yellow).toBeGreaterThan(20);

    // The columns are remembered on this device; ticks belong to the print at hand.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Notes', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Trollies', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Show Extras' })).toBeChecked();
    await expect(sheet.getByRole('listitem').first()).toContainText(`Back gate ${tag}`);
  });

  test('Print week makes one PDF of the chosen days, a page each, with their collect sheets', async ({ page, accounts, signIn }) => {
    const { week, ...dates } = size.week;
    const account = await accounts.create();
    const pb = await api(account);
    const tag = unique();
    const t = (name: string) => `${name} ${tag}`;
    const orders: OrderInput[] = [
      { title: t('Monday Wholesale'), day: 'monday', customerType: 'wholesale', other: 'none', year: YEAR, weekNumber: week },
      { title: t('Monday Collect'), day: 'monday', customerType: 'retail', other: 'collect', year: YEAR, weekNumber: week },
      { title: t('Tuesday Retail'), day: 'tuesday', customerType: 'retail', other: 'none', year: YEAR, weekNumber: week },
      { title: t('Thursday Wholesale'), day: 'thursday', customerType: 'wholesale', other: 'none', year: YEAR, weekNumber: week },
      { title: t('Thursday Other'), day: 'thursday', customerType: 'other', other: 'none', year: YEAR, weekNumber: week },
    ];
    for (const order of orders) await addOrder(pb, order);

    await signIn(page, account, `/weekday/${YEAR}/${week}/tuesday/${dates.tuesday}`);
    await expect(page.getByRole('link', { name: t('Tuesday Retail') })).toBeVisible();
    await page.getByText(`Print week ${week}...`).click();
    // The days with orders to pick are chosen at first; Tuesday is left out here.
    for (const day of ['Monday', 'Tuesday', 'Thursday'])
      await expect(page.getByRole('checkbox', { name: new RegExp(`^${day} `) })).toBeChecked();
    for (const day of ['Wednesday', 'Friday', 'Saturday', 'Sunday'])
      await expect(page.getByRole('checkbox', { name: new RegExp(`^${day} `) })).not.toBeChecked();
    await page.getByRole('checkbox', { name: /^Tuesday / }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Collect sheets too' })).toBeChecked();

    const { name, pdf } = await download(page, 'Print week', 'week.pdf');
    expect(name).toBe(`week-${week}-${YEAR}-mon-thu.pdf`);
    expect(name).not.toMatch(/\s/);
    expect(pdf.pages).toBe(3);
    expect(pdf.pageTexts[0]).toContain(`Monday ${dates.monday} August ${YEAR}`);
    expect(pdf.pageTexts[0]).toContain(t('Monday Wholesale'));
    expect(pdf.pageTexts[1]).toContain(`Collects: Monday ${dates.monday}`);
    expect(pdf.pageTexts[1]).toContain(t('Monday Collect'));
    expect(pdf.pageTexts[2]).toContain(`Thursday ${dates.thursday} August ${YEAR}`);
    expect(pdf.pageTexts[2]).toContain(t('Thursday Wholesale'));
    for (const other of [t('Tuesday Retail'), t('Thursday Other')]) expect(pdf.text).not.toContain(other);
    expect(pdf.pageTexts[0]).not.toContain(t('Monday Collect'));
  });

  test('the collect sheet lists exactly the day’s collect orders', async ({ page, accounts, signIn }) => {
    const { week, ...friday } = size.collects;
    const account = await accounts.create();
    const pb = await api(account);
    const tag = unique();
    const t = (name: string) => `${name} ${tag}`;
    const base = { year: YEAR, weekNumber: week } as const;
    const orders: OrderInput[] = [
      { ...base, title: t('Friday Collect Wholesale'), day: 'friday', customerType: 'wholesale', other: 'collect', postcode: 'll11 4aa' },
      { ...base, title: t('Friday Collect Missed'), day: 'friday', customerType: 'missed', other: 'collect' },
      { ...base, title: t('Friday Whiteboard'), day: 'friday', customerType: 'wholesale', other: 'none' },
      { ...base, title: t('Friday Held'), day: 'friday', customerType: 'retail', other: 'holding' },
      { ...base, title: t('Saturday Collect'), day: 'saturday', customerType: 'retail', other: 'collect' },
    ];
    for (const order of orders) await addOrder(pb, order);

    await signIn(page, account, `/weekday/${YEAR}/${week}/friday/${friday.friday}`);
    const collects = page.getByRole('list', { name: 'Collects on Friday' });
    await expect(collects.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Orders customers fetch themselves · 2 orders')).toBeVisible();

    const { name, pdf } = await download(page, 'Print collects', 'collects.pdf');
    expect(name).toBe(`collects-friday-${friday.friday}-${YEAR}.pdf`);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`Collects: Friday ${friday.friday} ${friday.month} ${YEAR}`);
    expect(pdf.text).toContain(`Collect sheet · Week ${week} · 2 orders`);
    const listed = orders.map((o) => o.title).filter((title) => pdf.text.includes(title));
    expect(listed).toEqual([t('Friday Collect Wholesale'), t('Friday Collect Missed')]);
    expect(pdf.text).toContain('LL11 4AA');
  });
});
