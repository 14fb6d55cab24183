import { describe, expect, it } from 'vitest';
import { pickSheetTone } from '../../src/domain/orders/pick-sheet-tone';
import type { CustomerType } from '../../src/domain/records';
import { buildPickSheetPdf, pickSheetFileName, type PickSheetInput } from '../../src/web/lib/pdf/pick-sheet-pdf';
import { A4_POINTS, readPdf } from '../support/pdf-tools';

// The pick sheet PDF read back with poppler (pdfinfo, pdftotext), as a printer or a viewer would.

const today = new Date(2026, 10, 22, 9, 30); // 22 November 2026, local time
const appUrl = 'http://yard.nursery.test:8090';
const TYPES: CustomerType[] = ['wholesale', 'retail', 'wholesale', 'retail', 'other', 'missed'];

function rows(count: number): PickSheetInput['rows'] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Customer ${String(i + 1).padStart(2, '0')} Garden Centre`,
    postcode: `tn${i % 9}${i % 7} ${i % 5}ab`,
    orderNumber: i % 4 === 0 ? '' : `SO-${10400 + i}`,
    tone: pickSheetTone(TYPES[i % TYPES.length]!),
  }));
}

const input = (over: Partial<PickSheetInput> = {}): PickSheetInput => ({
  dayLabel: 'Tuesday',
  dayNumber: 17,
  year: 2026,
  rows: rows(8),
  showExtras: false,
  today,
  appUrl,
  ...over,
});

describe('buildPickSheetPdf', () => {
  it('prints one portrait A4 page with the title, every order, the credit and the date', () => {
    const sheet = input();
    const pdf = readPdf(buildPickSheetPdf(sheet));
    expect(pdf.pages).toBe(1);
    expect(pdf.width).toBeCloseTo(A4_POINTS.short, 0);
    expect(pdf.height).toBeCloseTo(A4_POINTS.long, 0);
    expect(pdf.text).toContain('Tuesday 17, 2026');
    for (const row of sheet.rows) {
      expect(pdf.text).toContain(row.title);
      expect(pdf.text).toContain(row.postcode.toUpperCase());
      if (row.orderNumber) expect(pdf.text).toContain(row.orderNumber);
    }
    expect(pdf.text).toContain(`Made with Trolleyboard ${appUrl}`);
    expect(pdf.text).toContain('22/11/2026');
    expect(pdf.text).not.toContain('Shelves');
  });

  it('adds the Green, Yellow and Shelves columns when Show Extras is on', () => {
    const pdf = readPdf(buildPickSheetPdf(input({ showExtras: true })));
    expect(pdf.text).toMatch(/Green Yellow Shelves/);
  });

  it('fits a 60-order day on one page, small enough to send over yard Wi-Fi', () => {
    const sheet = input({ rows: rows(60), showExtras: true });
    const bytes = buildPickSheetPdf(sheet);
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(1);
    for (const row of sheet.rows) expect(pdf.text).toContain(row.title);
    expect(pdf.text).toContain('22/11/2026');
    expect(bytes.byteLength).toBeLessThanOrEqual(50 * 1024);
    console.log(`[pdf size] 60-order pick sheet with extras: ${bytes.byteLength} bytes`);
  });

  it('continues a very long day on further pages instead of printing unreadably small', () => {
    const sheet = input({ rows: rows(120) });
    const pdf = readPdf(buildPickSheetPdf(sheet));
    expect(pdf.pages).toBe(2);
    for (const row of sheet.rows) expect(pdf.text).toContain(row.title);
  });

  it('prints an empty day and shortens a name too long for its column', () => {
    expect(readPdf(buildPickSheetPdf(input({ rows: [] }))).text).toContain('0 orders');
    const long = 'The Extremely Long Named Garden Centre and Plant Nursery Wholesale Division of Kent Ltd';
    const pdf = readPdf(buildPickSheetPdf(input({ rows: [{ title: long, postcode: 'me1 1aa', orderNumber: '1', tone: 'default' }] })));
    expect(pdf.text).toContain('The Extremely Long Named Garden Centre');
    expect(pdf.text).toContain('...');
  });

  it('names the file {day}-{number}-{year}.pdf', () => {
    expect(pickSheetFileName('monday', 17, 2026)).toBe('monday-17-2026.pdf');
    expect(pickSheetFileName('Sunday', 3, 2027)).toBe('sunday-3-2027.pdf');
  });
});
