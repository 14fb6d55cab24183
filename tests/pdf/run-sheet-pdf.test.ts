import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunStop, VehicleInfo } from '../../src/domain/records';
import { customerLabel } from '../../src/domain/trolleys/customer-label';
import { stopSwatch } from '../../src/domain/trolleys/stop-colours';
import { buildRunSheetPdf, type RunSheetInput } from '../../src/web/lib/pdf/run-sheet-pdf';
import { runPdfFileName } from '../../src/domain/trolleys/run-name';
import { pdfFonts } from '../support/pdf-fonts';
import { A4_POINTS, readFonts, readPdf } from '../support/pdf-tools';

// The run sheet PDF read back with poppler (pdfinfo, pdftotext), as a printer or a viewer would.

const today = new Date(2026, 10, 22, 9, 30);
const appUrl = 'http://yard.nursery.test:8090';
const NAMES = ['Greenfields', 'Bloom & Co', 'Hillside Plants', 'Oakwood GC', 'Rosebank', 'Fernhill'];

function stops(count: number): RunStop[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `stop${i}`,
    title: `${NAMES[i % NAMES.length]} ${i + 1}`,
    postcode: `me${i % 9}${i % 4}ab`,
    trollies: String((i % 3) + 1),
    extras: i % 5 === 0 ? '2 shelves' : '',
    orderNumber: i % 4 === 0 ? '' : `SO-${20400 + i}`,
  }));
}

function run(stopCount: number, vehicle: Partial<VehicleInfo>): RunSheetInput {
  const list = stops(stopCount);
  const size = vehicle.vehicleType === 'trailer' ? 9 : (vehicle.trolleyNumber ?? 12);
  const grid = Array.from({ length: size }, (_, i) => (i === 1 ? 'Blank' : customerLabel(list[i % list.length]!)));
  return {
    stops: list,
    vehicleInfo: {
      driver: 'Sam',
      reg: 'ab12 cde',
      code: 'K7',
      date: '2026-11-23',
      vehicleType: 'lorry',
      trolleyNumber: 12,
      grid,
      ...vehicle,
    },
    today,
    appUrl,
    fonts: pdfFonts,
  };
}

describe('buildRunSheetPdf', () => {
  it.each([
    ['a 12T lorry', { vehicleType: 'lorry', trolleyNumber: 12 }],
    ['a 24T lorry', { vehicleType: 'lorry', trolleyNumber: 24 }],
    ['a 7T trailer', { vehicleType: 'trailer', trolleyNumber: 7 }],
  ] as const)('prints %s on one landscape A4 page with every stop and cell label', (_, vehicle) => {
    const sheet = run(10, vehicle);
    const pdf = readPdf(buildRunSheetPdf(sheet));
    expect(pdf.pages).toBe(1);
    expect(pdf.width).toBeCloseTo(A4_POINTS.long, 0);
    expect(pdf.height).toBeCloseTo(A4_POINTS.short, 0);
    expect(pdf.text).toContain('SAM');
    expect(pdf.text).toContain('AB12 CDE');
    expect(pdf.text).toContain('23-11-2026');
    for (const stop of sheet.stops) expect(pdf.text).toContain(stop.title);
    expect(pdf.text).toContain('0401'); // last four of SO-20401
    expect(pdf.text).toContain('ME1 1AB');
    expect(pdf.text).toContain('2 shelves');
    for (const [i, label] of sheet.vehicleInfo.grid.entries()) {
      expect(pdf.text).toContain(`Trolley ${i + 1}`);
      expect(pdf.text).toContain(label);
    }
    expect(pdf.text).toContain(`Made with Trolleyboard ${appUrl}`);
    expect(pdf.text).toContain('22/11/2026');
    expect(pdf.text).toContain('Code: K7');
    expect(pdf.text).toContain('Total Trollies: 19');
  });

  it('prints drivers, stops and cell labels in Polish, Welsh, Greek and Cyrillic, and a long name whole, in an embedded subset font', () => {
    const sheet = run(6, { trolleyNumber: 8, driver: 'Łukasz Wójcik' });
    const names = [
      'Łódź Ogrody',
      'Ynys Môn Plants',
      'Ŵyneb Ŷd Nursery',
      'Κήπος Αθηνών',
      'Садовый центр Москва',
      'Greenfields Garden Centre and Plant Nursery Wholesale Kent 1',
    ];
    names.forEach((name, i) => (sheet.stops[i]!.title = name));
    sheet.vehicleInfo.grid = names.map((name) => name);
    const bytes = buildRunSheetPdf(sheet);
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('ŁUKASZ WÓJCIK');
    for (const name of names) expect(pdf.rawText).toContain(name);
    expect(pdf.text).not.toContain('?');
    expect(pdf.text).not.toContain('...');
    const fonts = readFonts(bytes);
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
    expect(runPdfFileName(sheet.vehicleInfo)).toBe('23-11-2026_Łukasz-Wójcik.pdf');
  });

  it('keeps a 24-stop run on 24 trolleys on one page, under 50 KB', () => {
    const sheet = run(24, { vehicleType: 'lorry', trolleyNumber: 24 });
    // Each stop on its one cell, as the plan loads it: no "est. · loaded" line (docs/decisions/065).
    for (const stop of sheet.stops) stop.trollies = '1';
    const bytes = buildRunSheetPdf(sheet);
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(bytes.byteLength).toBeLessThanOrEqual(50 * 1024);
    console.log(`[pdf size] 24-stop run on a 24T lorry: ${bytes.byteLength} bytes`);
  });

  it('wraps a long label inside its cell and says when no size was chosen', () => {
    const long = run(3, { trolleyNumber: 4 });
    long.vehicleInfo.grid[0] = 'Greenfields Garden Centre Wholesale - 104421';
    expect(readPdf(buildRunSheetPdf(long)).rawText).toContain('Greenfields Garden Centre Wholesale - 104421');
    const none = run(3, { trolleyNumber: 0, grid: [] });
    expect(readPdf(buildRunSheetPdf(none)).text).toContain('No vehicle size chosen.');
  });

  it('continues a long list on a second page', () => {
    // Not planned yet: the list alone, with no loaded counts beside it (docs/decisions/065).
    const sheet = run(60, { trolleyNumber: 24, grid: Array.from({ length: 24 }, () => '') });
    const pdf = readPdf(buildRunSheetPdf(sheet));
    expect(pdf.pages).toBe(2);
    for (const stop of sheet.stops) expect(pdf.text).toContain(stop.title);
  });

  it('shows estimated and loaded where the plan loads another number than the order says (docs/decisions/065)', () => {
    const hill: RunStop = { id: 'o1', title: 'Hillside Garden Centre', postcode: 'gl71ab', trollies: '4', extras: '', orderNumber: 'SO-1' };
    const oak: RunStop = { id: 'o2', title: 'Oak Nurseries', postcode: 'ef34gh', trollies: '2', extras: '', orderNumber: 'SO-2' };
    const grid = [...Array.from({ length: 5 }, () => customerLabel(hill)), customerLabel(oak), customerLabel(oak), '', '', '', '', ''];
    const sheet = run(2, { vehicleType: 'lorry', trolleyNumber: 12, grid });
    const pdf = readPdf(buildRunSheetPdf({ ...sheet, stops: [hill, oak] }));
    expect(pdf.rawText).toMatch(/est\. 4 · loaded 5/);
    // Loaded as estimated: the count alone.
    expect(pdf.rawText).not.toMatch(/est\. 2/);
    expect(pdf.rawText).toContain('2T');
  });

  it('prints the whole order number in the list, where the screen shows its last four (docs/decisions/071)', () => {
    const sheet = run(3, { trolleyNumber: 4, grid: ['', '', '', ''] });
    sheet.stops[1]!.orderNumber = 'SO-118734';
    const pdf = readPdf(buildRunSheetPdf(sheet));
    // No cell holds the label, so the number can only come from the list's Order column.
    expect(pdf.rawText).toContain('SO-118734');
    expect(pdf.rawText).toContain('SO-20402');
  });

  it("paints each stop's trolleys in its own colour with its drop number; blank and empty cells stay white", () => {
    const a: RunStop = { id: 'a', title: 'Greenfields', postcode: '', trollies: '2', extras: '', orderNumber: 'SO-101234' };
    const b: RunStop = { id: 'b', title: 'Oak Farm', postcode: '', trollies: '1', extras: '', orderNumber: '' };
    const sheet = run(2, { trolleyNumber: 4, grid: [customerLabel(b), customerLabel(a), customerLabel(a), 'Blank'] });
    const bytes = buildRunSheetPdf({ ...sheet, stops: [a, b] });
    const image = renderRgb(bytes, 50);
    // A 4T lorry is one row of four cells from x = 168 mm to 287 mm, 24 mm to 56 mm down: read
    // each cell by its bottom left corner, clear of its caption, badge and label.
    const cellWidth = (287 - 168 - 3 * 2) / 4;
    const centre = (cell: number) => image.at(168 + cell * (cellWidth + 2) + 3, 24 + 29);
    // Within 2 of each channel: the PDF keeps colours as fractions, rounded back by the renderer.
    const near = (actual: number[], hex: string) => actual.every((value, i) => Math.abs(value - rgbOf(hex)[i]!) <= 2);
    expect(near(centre(0), stopSwatch(1).light.fill), `Oak Farm's cell: ${centre(0).join()}`).toBe(true);
    expect(near(centre(1), stopSwatch(0).light.fill), `Greenfields' cell: ${centre(1).join()}`).toBe(true);
    expect(near(centre(2), stopSwatch(0).light.fill), `Greenfields' second cell: ${centre(2).join()}`).toBe(true);
    expect(near(centre(3), '#ffffff'), `the blank cell: ${centre(3).join()}`).toBe(true);
    expect(stopSwatch(0).light.fill).not.toBe(stopSwatch(1).light.fill);
    // Drop numbers: each cell's badge and the list's, as text.
    expect(readPdf(bytes).rawText).toMatch(/Trolley 1 2 Oak Farm/);
    expect(readPdf(bytes).rawText).toMatch(/Trolley 2 1 Greenfields/);
  });
});

const rgbOf = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** The first page rendered in colour by pdftoppm, read at a point given in millimetres. */
function renderRgb(pdf: ArrayBuffer, dpi: number): { at: (xMm: number, yMm: number) => number[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'trolleyboard-pdf-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), new Uint8Array(pdf));
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'sheet.pdf'), path.join(dir, 'page')]);
    const data = readFileSync(path.join(dir, 'page.ppm'));
    // Binary PPM: "P6\n<width> <height>\n255\n" then RGB bytes.
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a binary PPM');
    const width = Number(header[1]);
    const offset = header[0].length;
    return {
      at: (xMm, yMm) => {
        const x = Math.round((xMm / 25.4) * dpi);
        const y = Math.round((yMm / 25.4) * dpi);
        const start = offset + (y * width + x) * 3;
        return [data[start]!, data[start + 1]!, data[start + 2]!];
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
