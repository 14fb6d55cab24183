import type { Locator, Page } from '@playwright/test';
import { RUNS_API } from '../../src/domain/runs/runs-api';
import { api, unique } from '../support/e2e-api';
import { boardPath, line, ownWeek } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { cameraJpeg, PHONE, sign } from '../support/e2e-phone';
import { imageCount, readPdf } from '../support/pdf-tools';

// The driver's phone (docs/decisions/044): the office makes a driver's link on Runs, a driver
// opens it on a phone without an account, records two drops with a drawn signature and a photo
// (one while the phone has no signal, shown "Not sent" until it is back), the server has each
// drop once with its files, and the customer's trolleys come back in the ledger.

const WEEK = ownWeek(47);

/** A phone camera's photo too large to keep as taken (about 2 MB of noise), drawn by the browser. */
async function largeCameraJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 1200;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const image = context.createImageData(1200, 1200);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 2654435761) % 251;
    context.putImageData(image, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.95);
  })()`);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function recordDelivered(page: Page, drop: Locator, receivedBy: string, trolleysBack: number, photo: Buffer): Promise<void> {
  await drop.getByRole('button', { name: /^Record drop/ }).click();
  await drop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const form = drop.getByRole('form');
  for (let i = 0; i < trolleysBack; i++) await form.getByRole('button', { name: 'More trolleys' }).click();
  await expect(form.getByLabel('Trolleys collected')).toHaveText(String(trolleysBack));
  await form.getByLabel('Received by').fill(receivedBy);
  await sign(page, form);
  await form.getByLabel('Photo (optional)').setInputFiles({ name: 'drop.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText(/Photo ready/)).toBeVisible();
  await form.getByRole('button', { name: 'Record delivery' }).click();
}

test("a driver records a run's drops from the link, one without signal, and the returns reach the ledger", async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const customers = await Promise.all(
    ['North', 'South'].map((side) => pb.collection('customers').create({ name: `${side} Garden Centre ${u}`, postcode: 'AB1 2CD' })),
  );
  const orders = await Promise.all(
    customers.map((customer, i) =>
      pb.collection('tasks').create({
        title: customer.name,
        customer: customer.id,
        postcode: i === 0 ? 'AB1 2CD' : 'EF3 4GH',
        trollies: String(3 + i),
        orderNumber: `D-${i + 1}-${u}`,
        orderInfo: i === 0 ? 'Leave by the back gate' : '',
        day: 'tuesday',
        year: WEEK.year,
        weekNumber: WEEK.week,
      }),
    ),
  );
  const run = await pb.collection('trolley_exports').create({
    name: `Driver run ${u}`,
    data: orders.map((order) => ({
      id: order.id,
      title: order.title,
      postcode: order.postcode,
      trollies: order.trollies,
      extras: '',
      orderNumber: order.orderNumber,
    })),
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
  // Loaded and dispatched: dispatch books each stop's trolleys out.
  for (const state of ['loading', 'dispatched']) await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });

  // The office makes the driver's link on Runs.
  await signIn(page, office, '/runs');
  await page.getByRole('button', { name: `Driver link for Driver run ${u}` }).click();
  const dialog = page.getByRole('dialog', { name: `Driver link · Driver run ${u}` });
  await dialog.getByRole('button', { name: "Make a driver's link" }).click();
  await expect(dialog.getByRole('img', { name: "QR code of the driver's link" })).toBeVisible();
  const shortUrl = (await dialog.getByTestId('driver-short-url').textContent()) ?? '';
  expect(shortUrl).toMatch(/\/d\/[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The office keeps Runs open on the run: each drop the driver sends shows without reloading.
  const officeRun = page.getByRole('listitem', { name: `Driver run ${u}` });
  await expect(officeRun.getByTestId('drop-progress')).toHaveText('0 of 2 drops');

  // The driver's phone: no account, only the address from the sheet.
  const phone = await browser.newContext(PHONE);
  const driver = await phone.newPage();
  await driver.goto(new URL(shortUrl).pathname);
  await expect(driver.getByRole('heading', { name: `Driver run ${u}` })).toBeVisible();
  const drops = driver.getByRole('list', { name: 'Drops' }).getByRole('listitem');
  await expect(drops).toHaveCount(2);
  const first = drops.nth(0);
  const second = drops.nth(1);
  await expect(first).toContainText(`North Garden Centre ${u}`);
  await expect(first).toContainText('Leave: 3 trolleys');
  await expect(first).toContainText('Leave by the back gate');
  await expect(first.getByRole('link', { name: /AB1 2CD/ })).toHaveAttribute('href', 'https://maps.google.com/?q=AB1%202CD');
  await expect(second).toContainText(`South Garden Centre ${u}`);

  const photo = await cameraJpeg(driver);
  await recordDelivered(driver, first, 'Pat Green', 2, photo);
  await expect(first.getByText('Delivered to Pat Green · 2 trolleys back · Sent')).toBeVisible();
  await expect(officeRun.getByTestId('drop-progress')).toHaveText('1 of 2 drops');
  await expect(officeRun.locator('[data-state]')).toHaveText('Dispatched');

  // No signal: the drop is kept on the phone and says so, then goes when the signal is back.
  // Offline, a photo large enough to need shrinking still ends "Photo ready" (the shrinking code may be out of reach).
  const largePhoto = await largeCameraJpeg(driver);
  expect(largePhoto.length).toBeGreaterThan(512 * 1024);
  await phone.setOffline(true);
  await recordDelivered(driver, second, 'Sam South', 1, largePhoto);
  await expect(second.getByText('Delivered to Sam South · Not sent — will send when there is signal')).toBeVisible();
  await expect(driver.getByText('1 drop not sent — will send when there is signal.')).toBeVisible();
  await expect(second.getByText(/· Sent$/)).toHaveCount(0);
  await phone.setOffline(false);
  // A 2 MB photo goes up first on a busy machine: the driver waits for "Sent", however long it takes.
  await expect(second.getByText('Delivered to Sam South · 1 trolley back · Sent')).toBeVisible({
    timeout: 30_000,
  });
  await expect(driver.getByText(/not sent/)).toHaveCount(0);
  await expect(officeRun.getByTestId('drop-progress')).toHaveText('2 of 2 drops');
  await expect(officeRun.locator('[data-state]')).toHaveText('Delivered');

  // The delivery note carries the signature drawn on the phone.
  const officeDrops = officeRun.getByRole('list', { name: `Drops of Driver run ${u}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    officeDrops.getByRole('button', { name: `Delivery note: North Garden Centre ${u}` }).click(),
  ]);
  const note = test.info().outputPath('delivery-note.pdf');
  await download.saveAs(note);
  expect(readPdf(note).rawText).toMatch(/Received by\s+Pat Green/);
  expect(imageCount(note)).toBe(1);

  // The server has both, once each, with the signature and the photo, recorded through the link.
  await expect
    .poll(async () =>
      (await pb.collection('run_drops').getFullList({ filter: `run = "${run.id}"`, sort: 'recordedAt' })).map((drop) => [
        drop.receivedBy,
        drop.trolleysBack,
        drop.recordedBy,
        drop.link !== '',
        /\.png$/.test(String(drop.signature)),
        String(drop.photo) !== '',
      ]),
    )
    .toEqual([
      ['Pat Green', 2, '', true, true, true],
      ['Sam South', 1, '', true, true, true],
    ]);

  // The customer's ledger shows the trolleys that came back.
  await page.goto('/customers');
  const list = page.getByRole('list', { name: 'Customers' });
  await list.getByRole('button', { name: `Trolleys of North Garden Centre ${u}` }).click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: North Garden Centre ${u}` });
  await expect(ledger.getByRole('status')).toHaveText(/Owes 1 trolley since/);

  // The board marks both orders delivered by the driver.
  await page.goto(boardPath(WEEK));
  await expect(line(page, 'Tuesday', `North Garden Centre ${u}`).getByRole('img', { name: /^Delivered to Pat Green at/ })).toBeVisible();
  await expect(line(page, 'Tuesday', `South Garden Centre ${u}`).getByRole('img', { name: /^Delivered to Sam South at/ })).toBeVisible();
  await phone.close();
});
