import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { runLabels, type LabelSource } from '../../src/domain/labels/trolley-labels';
import { buildTrolleyLabelsPdf } from '../../src/web/lib/pdf/trolley-labels-pdf';
import { pdfFonts } from '../support/pdf-fonts';
import { A4_POINTS, readFonts, readPdf, renderPage, type GreyImage } from '../support/pdf-tools';

// Trolley labels read back with poppler as a printer would, and the QR code decoded from the
// rendered page as a phone camera would see it.

const orderUrl = (id: string) => `http://yard.nursery.test:8090/edit/${id}`;
const options = { date: '2026-11-23', orderUrl };

const stops: LabelSource[] = [
  { id: 'ord0000000000a1', title: 'Łódź Garden', postcode: 'me11ab', trollies: '3', orderNumber: 'SO-20401' },
  { id: 'ord0000000000b2', title: 'Rosebank', postcode: 'tn42xy', trollies: '1.5', orderNumber: 'SO-20402' },
  { id: 'ord0000000000c3', title: 'Κήπος Αθηνών', postcode: 'ct12 3ab', trollies: '', orderNumber: '' },
];

/** The QR code in a millimetre area of a rendered page, decoded, or null. */
function decodeQr(image: GreyImage, left: number, top: number, width: number, height: number): string | null {
  const px = (mm: number) => Math.round((mm / 25.4) * image.dpi);
  const [x0, y0, w, h] = [px(left), px(top), px(width), px(height)];
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const grey = image.at(x0 + x, y0 + y);
      rgba.set([grey, grey, grey, 255], (y * w + x) * 4);
    }
  return jsQR(rgba, w, h)?.data ?? null;
}

describe('buildTrolleyLabelsPdf', () => {
  const labels = runLabels(stops, options);

  it('prints every label of a run on A4 eight a page, in an embedded subset font, with a QR code that opens the order', () => {
    const bytes = buildTrolleyLabelsPdf({ labels, layout: 'a4-8', title: 'Sam', fonts: pdfFonts });
    const pdf = readPdf(bytes);
    expect(labels).toHaveLength(6);
    expect(pdf.pages).toBe(1);
    expect(pdf.width).toBeCloseTo(A4_POINTS.short, 0);
    for (const name of ['Łódź Garden', 'Rosebank', 'Κήπος Αθηνών']) expect(pdf.rawText).toContain(name);
    for (const text of ['Trolley 1 of 3', 'Trolley 2 of 3', 'Trolley 3 of 3', 'Trolley 2 of 2', 'Trolley 1 of 1'])
      expect(pdf.rawText).toContain(text);
    for (const text of ['Drop 1', 'Drop 2', 'Drop 3', 'Order SO-20401', 'Order SO-20402', 'ME1 1AB', 'CT12 3AB', '23-11-2026'])
      expect(pdf.rawText).toContain(text);
    const fonts = readFonts(bytes);
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true });

    const page = renderPage(bytes, 1, 150);
    // The first label is the top-left cell (105 x 74.25 mm); the third is below it.
    expect(decodeQr(page, 0, 0, 105, 74.25)).toBe(orderUrl('ord0000000000a1'));
    expect(decodeQr(page, 0, 74.25, 105, 74.25)).toBe(orderUrl('ord0000000000a1'));
    expect(decodeQr(page, 105, 74.25, 105, 74.25)).toBe(orderUrl('ord0000000000b2'));
  });

  it('prints four a page on A4 and one a page at 100 x 150 mm, each QR readable', () => {
    const four = buildTrolleyLabelsPdf({ labels, layout: 'a4-4', title: 'Sam', fonts: pdfFonts });
    const fourPdf = readPdf(four);
    expect(fourPdf.pages).toBe(2);
    expect(fourPdf.pageTexts[1]).toContain('Rosebank');
    expect(decodeQr(renderPage(four, 1, 150), 105, 0, 105, 148.5)).toBe(orderUrl('ord0000000000a1'));

    const single = buildTrolleyLabelsPdf({ labels, layout: 'single', title: 'Sam', fonts: pdfFonts });
    const singlePdf = readPdf(single);
    expect(singlePdf.pages).toBe(6);
    expect(singlePdf.width).toBeCloseTo((100 / 25.4) * 72, 0);
    expect(singlePdf.height).toBeCloseTo((150 / 25.4) * 72, 0);
    expect(singlePdf.pageTexts[5]).toContain('Trolley 1 of 1');
    expect(decodeQr(renderPage(single, 6, 150), 0, 0, 100, 150)).toBe(orderUrl('ord0000000000c3'));
  });

  it('keeps a sheet of 48 labels within 150 KB', () => {
    const many: LabelSource[] = Array.from({ length: 16 }, (_, i) => ({
      id: `ord${String(i).padStart(12, '0')}`,
      title: `Greenfields Garden Centre ${i + 1}`,
      postcode: `me${i % 9}${i % 4}ab`,
      trollies: '3',
      orderNumber: `SO-${20400 + i}`,
    }));
    const sheet = runLabels(many, options);
    expect(sheet).toHaveLength(48);
    const bytes = buildTrolleyLabelsPdf({ labels: sheet, layout: 'a4-8', title: 'Sam', fonts: pdfFonts });
    console.log(`[pdf size] 48 trolley labels, A4 x 8: ${bytes.byteLength} bytes`);
    expect(readPdf(bytes).pages).toBe(6);
    expect(bytes.byteLength).toBeLessThanOrEqual(150 * 1024);
  });
});
