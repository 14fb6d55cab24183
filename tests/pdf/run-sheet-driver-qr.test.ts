import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { buildRunSheetPdf, type RunSheetInput } from '../../src/web/lib/pdf/run-sheet-pdf';
import { pdfFonts } from '../support/pdf-fonts';
import { readPdf, renderPage, type GreyImage } from '../support/pdf-tools';

// The run sheet's driver's QR code (docs/decisions/044) decoded from the rendered page as a phone
// camera would read it, and its short address as printed text.

const appUrl = 'http://yard.nursery.test:8090';
const driverLink = {
  url: `${appUrl}/d/q5m0W1sD3xJ6kGf2YtR8vLzN4pC7bHaE9uKoTiS-Xw_`,
  shortUrl: `${appUrl}/d/ABCD-2345`,
  expires: '2026-11-26T07:00:00.000Z',
};

function sheet(withLink: boolean): RunSheetInput {
  return {
    stops: [
      { id: 'a', title: 'Greenfields', postcode: 'ME1 1AB', trollies: '3', extras: '', orderNumber: 'SO-1' },
      { id: 'b', title: 'Rosebank', postcode: 'TN4 2XY', trollies: '2', extras: '', orderNumber: 'SO-2' },
    ],
    vehicleInfo: { driver: 'Sam', reg: 'ab12 cde', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    today: new Date(2026, 10, 24, 7, 0),
    appUrl,
    fonts: pdfFonts,
    ...(withLink ? { driverLink } : {}),
  };
}

/** Every QR code found in the right-hand column of a landscape page (the vehicle's column). */
function decodeRightColumn(image: GreyImage): string | null {
  const px = (mm: number) => Math.round((mm / 25.4) * image.dpi);
  const [x0, y0, w, h] = [px(168), px(120), px(129), px(90)];
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const grey = image.at(x0 + x, y0 + y);
      rgba.set([grey, grey, grey, 255], (y * w + x) * 4);
    }
  return jsQR(rgba, w, h)?.data ?? null;
}

describe("the run sheet's driver's link", () => {
  it('prints the QR code of the link and its short address when the run has one', () => {
    const bytes = buildRunSheetPdf(sheet(true));
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('yard.nursery.test:8090/d/ABCD-2345');
    expect(pdf.text).toContain('Driver: scan to record the drops');
    expect(decodeRightColumn(renderPage(bytes, 1, 150))).toBe(driverLink.url);
  });

  it('prints no code without a link', () => {
    const bytes = buildRunSheetPdf(sheet(false));
    expect(readPdf(bytes).text).not.toContain('/d/');
    expect(decodeRightColumn(renderPage(bytes, 1, 150))).toBeNull();
  });
});
