import { chromium, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { addOrder, api, unique, type OrderInput } from '../support/e2e-api';
import { SCREENS } from '../support/e2e-board';
import { e2eBaseUrl, e2ePort, repoRoot } from '../support/e2e-env';
import { expect, submitLogin, test, type Account } from '../support/e2e-fixtures';
import { chromiumLaunchOptions } from '../support/chromium';
import { decodeQrIn, pdfPageVideo, qrVideo } from '../support/fake-camera';
import { readPdf } from '../support/pdf-tools';

// Scan (docs/decisions/045) on a phone: Chromium's fake camera shows a real trolley label, printed
// from a day's pick sheet and rendered by poppler, and the app reads its QR code, opens the order
// and marks it loaded with a second tap. Chromium on Linux has no BarcodeDetector, so the first
// journey reads with the zxing fallback; the second gives the page a BarcodeDetector (jsQR behind
// the standard API) to run that branch. Without a camera, the order number typed does the same.

const PHONE = SCREENS.find((screen) => screen.name === 'phone')!.use;
// 2027 week 12: Wednesday is 24 March 2027.
const week = { year: 2027, weekNumber: 12 };
const sheetPath = '/weekday/2027/12/wednesday/24';

const order = (tag: string, fields: Partial<OrderInput> = {}): OrderInput => ({
  ...week,
  title: `Scan Garden ${tag}`,
  day: 'wednesday',
  customerType: 'wholesale',
  other: 'none',
  postcode: 'me11ab',
  orderNumber: `SO-${tag}`,
  trollies: '1',
  ...fields,
});

// Page scripts (this file is type-checked without the DOM): every camera track the page opens is
// kept in window.cameraTracks, to see that it stops.
const KEEP_CAMERA_TRACKS = `(() => {
  const media = navigator.mediaDevices;
  const open = media.getUserMedia.bind(media);
  window.cameraTracks = [];
  media.getUserMedia = async (constraints) => {
    const stream = await open(constraints);
    window.cameraTracks.push(...stream.getTracks());
    return stream;
  };
})();`;
const cameraStates = (page: Page) => page.evaluate('window.cameraTracks.map((track) => track.readyState)') as Promise<string[]>;

// Chromium on Linux has no BarcodeDetector: this one reads with jsQR (loaded first) behind the
// standard API, so the app's BarcodeDetector branch runs as on a phone that has one.
const JSQR_BARCODE_DETECTOR = `(() => {
  class BarcodeDetector {
    static getSupportedFormats() {
      return Promise.resolve(['qr_code']);
    }
    detect(video) {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      context.drawImage(video, 0, 0);
      const code = window.jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
      return Promise.resolve(code ? [{ rawValue: code.data, format: 'qr_code' }] : []);
    }
  }
  window.BarcodeDetector = BarcodeDetector;
})();`;

/** A phone (its own browser) whose camera shows `video`, signed in; every camera track it opens is kept to check it stops. */
async function phoneWithCamera(video: string, account: Account): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({ ...PHONE, baseURL: e2eBaseUrl });
  await context.addInitScript(KEEP_CAMERA_TRACKS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login');
  await submitLogin(page, account.username, account.password);
  await expect(page.getByText('Current Week').first()).toBeVisible();
  return { browser, page, errors };
}

// What the phone's Scan dialog shows (its text, the video's state, the camera's tracks), for a
// failure's message: a scan that never ends says where it stopped.
const SCAN_STATE = `JSON.stringify((() => {
  const dialog = document.querySelector('dialog[open]');
  const video = dialog && dialog.querySelector('video');
  return {
    dialog: dialog ? dialog.innerText : null,
    video: video ? { readyState: video.readyState, paused: video.paused, width: video.videoWidth, height: video.videoHeight } : null,
    tracks: (window.cameraTracks || []).map((track) => track.readyState),
  };
})())`;

/** Waits for `shown`; if it never comes, fails with what the phone showed instead (and its screenshot). */
async function scanShows(page: Page, shown: Promise<void>): Promise<void> {
  try {
    await shown;
  } catch (error) {
    await test.info().attach('phone', { body: await page.screenshot(), contentType: 'image/png' });
    throw new Error(`${(error as Error).message}\nThe phone showed: ${(await page.evaluate(SCAN_STATE)) as string}`);
  }
}

const statusOf = async (pb: PocketBase, id: string) => (await pb.collection('tasks').getOne(id)).status as string;

test.describe('with a camera', () => {
  test('a label printed at localhost opens its order on a phone, and a second tap marks it loaded', async ({ page, accounts }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const tag = unique();
    const { id } = await addOrder(pb, order(tag));

    // Printed on the office machine at http://localhost: the QR code still names APP_URL.
    const office = `http://localhost:${e2ePort}`;
    await page.goto(`${office}/login`);
    await submitLogin(page, account.username, account.password);
    await expect(page.getByText('Current Week').first()).toBeVisible();
    await page.goto(`${office}${sheetPath}`);
    await page.getByRole('button', { name: /^Labels for / }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitemradio', { name: '100×150 mm' }).click()]);
    const pdf = test.info().outputPath('labels.pdf');
    await download.saveAs(pdf);
    expect(readPdf(pdf).rawText).toContain(`Scan Garden ${tag}`);
    const video = test.info().outputPath('label.y4m');
    expect(decodeQrIn(pdfPageVideo(pdf, 1, video))).toBe(`${e2eBaseUrl}/edit/${id}`);

    const phone = await phoneWithCamera(video, account);
    try {
      const zxing: string[] = [];
      phone.page.on('request', (request) => void (/zxing/.test(request.url()) && zxing.push(request.url())));
      await phone.page.getByRole('button', { name: 'Scan' }).click();
      const dialog = phone.page.getByRole('dialog', { name: 'Scan a label' });
      await scanShows(phone.page, expect(dialog.getByText(`Scan Garden ${tag}`)).toBeVisible({ timeout: 20_000 }));
      expect(zxing).toHaveLength(1);
      // The code is read: the camera is off already.
      await expect.poll(() => cameraStates(phone.page)).toEqual(['ended']);

      await dialog.getByRole('button', { name: 'Loaded' }).click();
      await expect(dialog.getByText('Saved: Loaded.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Loaded' })).toHaveAttribute('aria-pressed', 'true');
      expect(await statusOf(pb, id)).toBe('loaded');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.browser.close();
    }
  });

  test("with the browser's BarcodeDetector, another code says so plainly; closing turns the camera off", async ({ accounts }) => {
    const account = await accounts.create();
    const video = test.info().outputPath('other-code.y4m');
    qrVideo('https://example.com/edit/ab12cd34ef56gh7', video);

    const phone = await phoneWithCamera(video, account);
    try {
      await phone.page.context().addInitScript({ path: path.join(repoRoot, 'node_modules/jsqr/dist/jsQR.js') });
      await phone.page.context().addInitScript(JSQR_BARCODE_DETECTOR);
      await phone.page.reload();
      const zxing: string[] = [];
      phone.page.on('request', (request) => void (/zxing/.test(request.url()) && zxing.push(request.url())));

      await phone.page.getByRole('button', { name: 'Scan' }).click();
      const dialog = phone.page.getByRole('dialog', { name: 'Scan a label' });
      await scanShows(phone.page, expect(dialog.getByText('That code is not a Trolleyboard order.')).toBeVisible({ timeout: 20_000 }));
      await expect(dialog.locator('[data-engine]')).toHaveAttribute('data-engine', 'barcode-detector');
      expect(zxing).toEqual([]);
      // Still looking for a label, so the camera is on until the dialog closes.
      expect(await cameraStates(phone.page)).toEqual(['live']);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => cameraStates(phone.page)).toEqual(['ended']);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.browser.close();
    }
  });
});

test.describe('without a camera', () => {
  test.use(PHONE);

  test('says so and finds the order by its number instead: one match opens, several are listed', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const tag = unique();
    const first = await addOrder(pb, order(tag, { title: `Oak Barn ${tag}`, orderNumber: `SO-${tag}1` }));
    const second = await addOrder(pb, order(tag, { title: `Elm Yard ${tag}`, orderNumber: `SO-${tag}2` }));

    await signIn(page, account);
    await page.getByRole('button', { name: 'Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a label' });
    await expect(dialog.getByRole('alert')).toHaveText(/camera.*type the order number/i);

    const typed = dialog.getByLabel('Or type the order number');
    await typed.fill(`nothing-${tag}`);
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expect(dialog.getByText(`No order number in this nursery contains “nothing-${tag}”.`)).toBeVisible();

    await typed.fill(tag);
    await dialog.getByRole('button', { name: 'Find' }).click();
    const matches = dialog.getByRole('list', { name: 'Matching orders' }).getByRole('button');
    await expect(matches).toHaveCount(2);
    await matches.filter({ hasText: `Elm Yard ${tag}` }).click();
    await dialog.getByRole('button', { name: 'Loaded' }).click();
    await expect(dialog.getByText('Saved: Loaded.')).toBeVisible();
    expect(await statusOf(pb, second.id)).toBe('loaded');

    await typed.fill(`SO-${tag}1`);
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expect(dialog.getByText(`Oak Barn ${tag}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Pulled' }).click();
    await expect(dialog.getByText('Saved: Pulled.')).toBeVisible();
    expect(await statusOf(pb, first.id)).toBe('pulled');
  });
});
