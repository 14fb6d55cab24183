import type { Locator, Page } from '@playwright/test';

// What the phone journeys (the driver's link, a docket's photo) do as a person with a phone would.

/** A phone's browser context: its screen, touch, and mobile layout. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A small JPEG as a phone's camera hands it to the page, drawn by the browser itself. */
export async function cameraJpeg(page: Page): Promise<Buffer> {
  // A string, as the other specs evaluate page code: the tests are typed without the DOM's types.
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#3a7d44';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#f4d35e';
    context.fillRect(16, 12, 32, 24);
    return canvas.toDataURL('image/jpeg', 0.9);
  })()`);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** Draws a signature on a drop's canvas with the mouse, as a finger would. */
export async function sign(page: Page, form: Locator): Promise<void> {
  const canvas = form.getByLabel('Signature: sign here with a finger');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20), { steps: 3 });
  await page.mouse.up();
}

/**
 * A JPEG as a phone's camera hands a photo to the page: 1600×1200 of grain (some 2 MB, which no
 * JPEG squeezes), for what must be shrunk before it is sent.
 */
export async function grainyCameraJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate<string>(`(() => {
    const [width, height] = [1600, 1200];
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const pixels = context.createImageData(width, height);
    // The same grain on every run: a fixed linear congruential sequence, not Math.random.
    let seed = 7;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      pixels.data[i] = seed & 255;
      pixels.data[i + 1] = (seed >>> 8) & 255;
      pixels.data[i + 2] = (seed >>> 16) & 255;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.95);
  })()`);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}
