import { describe, expect, it } from 'vitest';
import { pickSheetTone } from '../../src/domain/orders/pick-sheet-tone';
import type { CustomerType, Day, OrderRecord } from '../../src/domain/records';
import { daySheet, weekSheets } from '../../src/web/features/pick-sheet/day-sheets';
import type { DaySheet, DaySheetsInput, SheetRow } from '../../src/web/lib/pdf/day-sheet';
import { buildDaySheetsPdf } from '../../src/web/lib/pdf/day-sheets-pdf';
import { collectSheetFileName, pickSheetFileName, weekSheetFileName } from '../../src/web/lib/pdf/sheet-file-names';
import { pdfFonts } from '../support/pdf-fonts';
import { A4_POINTS, firstRowTickInk, readFonts, readPdf, renderPage } from '../support/pdf-tools';

// The pick and collect sheets read back with poppler (pdfinfo, pdftotext, pdffonts, pdftoppm), as
// a printer or a viewer would.

const today = new Date(2026, 10, 22, 9, 30); // 22 November 2026, local time
const appUrl = 'http://yard.nursery.test:8090';
const TYPES: CustomerType[] = ['wholesale', 'retail', 'wholesale', 'retail', 'other', 'missed'];
const NO_COLUMNS = { extras: false, trollies: false, notes: false };

function rows(count: number): SheetRow[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Customer ${String(i + 1).padStart(2, '0')} Garden Centre`,
    postcode: `tn${i % 9}${i % 7} ${i % 5}ab`,
    orderNumber: i % 4 === 0 ? '' : `SO-${10400 + i}`,
    trollies: String((i % 3) + 1),
    notes: i % 5 === 0 ? 'Back gate; call ahead' : '',
    tone: pickSheetTone(TYPES[i % TYPES.length]!),
    ticked: [],
  }));
}

const tuesday = (over: Partial<DaySheet> = {}): DaySheet => ({
  kind: 'pick',
  date: 'Tuesday 24 November 2026',
  dayLabel: 'Tuesday',
  week: 48,
  rows: rows(8),
  ...over,
});

const input = (over: Partial<DaySheetsInput> = {}): DaySheetsInput => ({
  title: 'Pick sheet Tuesday 24 November 2026',
  sheets: [tuesday()],
  columns: NO_COLUMNS,
  today,
  appUrl,
  fonts: pdfFonts,
  ...over,
});

const row = (title: string, over: Partial<SheetRow> = {}): SheetRow => ({
  title,
  postcode: 'll11 4aa',
  orderNumber: 'SO-1',
  trollies: '',
  notes: '',
  tone: 'default',
  ticked: [],
  ...over,
});

describe('a day pick sheet', () => {
  it('prints one portrait A4 page headed with the day and its month, every order, the credit and the date', () => {
    const sheet = tuesday();
    const pdf = readPdf(buildDaySheetsPdf(input({ sheets: [sheet] })));
    expect(pdf.pages).toBe(1);
    expect(pdf.width).toBeCloseTo(A4_POINTS.short, 0);
    expect(pdf.height).toBeCloseTo(A4_POINTS.long, 0);
    expect(pdf.text).toContain('Tuesday 24 November 2026');
    expect(pdf.text).toContain('Pick sheet · Week 48 · 8 orders');
    for (const r of sheet.rows) {
      expect(pdf.text).toContain(r.title);
      expect(pdf.text).toContain(r.postcode.toUpperCase());
      if (r.orderNumber) expect(pdf.text).toContain(r.orderNumber);
    }
    expect(pdf.text).toContain(`Made with Trolleyboard ${appUrl}`);
    expect(pdf.text).toContain('22/11/2026');
    for (const hidden of ['Shelves', 'Trollies', 'Notes', 'Back gate']) expect(pdf.text).not.toContain(hidden);
  });

  it('prints names in Polish, Welsh, Greek and Cyrillic, and a 60-character name whole, in an embedded subset font', () => {
    const long = 'Greenfields Garden Centre and Plant Nursery Wholesale Kent'; // 58
    const sixty = `${long} 1`;
    expect(sixty).toHaveLength(60);
    const names = ['Łódź Ogrody', 'Ynys Môn Plants', 'Ŵyneb Ŷd Nursery', 'Κήπος Αθηνών', 'Садовый центр Москва', sixty];
    const bytes = buildDaySheetsPdf(
      input({ sheets: [tuesday({ rows: names.map((name) => row(name)) })], columns: { extras: true, trollies: true, notes: true } }),
    );
    const pdf = readPdf(bytes);
    for (const name of names) expect(pdf.rawText).toContain(name);
    expect(pdf.text).not.toContain('?');
    expect(pdf.text).not.toContain('...');

    const fonts = readFonts(bytes);
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const font of fonts)
      expect(font).toMatchObject({ type: 'CID TrueType', encoding: 'Identity-H', embedded: true, subset: true, unicode: true });
  });

  it('wraps a long name over lines instead of cutting it', () => {
    const long = 'The Extremely Long Named Garden Centre and Plant Nursery Wholesale Division of Kent Ltd';
    const pdf = readPdf(
      buildDaySheetsPdf(input({ sheets: [tuesday({ rows: [row(long)] })], columns: { extras: true, trollies: true, notes: true } })),
    );
    expect(pdf.rawText).toContain(long);
    expect(pdf.text).not.toContain('...');
  });

  it('prints a character the font lacks as "?" and keeps the rest of the line', () => {
    const pdf = readPdf(
      buildDaySheetsPdf(input({ sheets: [tuesday({ rows: [row('Seedlings 🌱 and 苗 Ltd', { postcode: 'me1 1aa' })] })] })),
    );
    expect(pdf.text).toContain('Seedlings ? and ? Ltd');
    expect(pdf.text).toContain('ME1 1AA');
  });

  it('prints the trollies and notes columns when chosen, notes cut after four lines', () => {
    const notes = 'Leave at the back gate.\nCall Ánh first. '.concat('Then the long story of the delivery. '.repeat(12));
    const pdf = readPdf(
      buildDaySheetsPdf(
        input({
          sheets: [tuesday({ rows: [row('Oakwood', { trollies: '3', notes })] })],
          columns: { extras: false, trollies: true, notes: true },
        }),
      ),
    );
    expect(pdf.rawText).toMatch(/Customer Postcode Order No Trollies Notes/);
    expect(pdf.rawText).toContain('Oakwood LL11 4AA SO-1 3 Leave at the back gate. Call Ánh first.');
    expect(pdf.text).toContain('...');
    expect(pdf.text).not.toContain('Then the long story of the delivery. '.repeat(6).trim());
  });

  it('prints ticked Green, Yellow and Shelves boxes ticked and the others empty', () => {
    const sheetWith = (ticked: SheetRow['ticked']) =>
      buildDaySheetsPdf(
        input({ sheets: [tuesday({ rows: [row('Hillside', { ticked })] })], columns: { extras: true, trollies: false, notes: false } }),
      );
    const ticked = firstRowTickInk(renderPage(sheetWith(['Yellow']), 1, 150));
    const empty = firstRowTickInk(renderPage(sheetWith([]), 1, 150));
    expect(readPdf(sheetWith(['Yellow'])).text).toMatch(/Green Yellow Shelves/);
    expect(empty).toEqual({ Green: 0, Yellow: 0, Shelves: 0 });
    expect(ticked.Yellow).toBeGreaterThan(20);
    expect(ticked).toMatchObject({ Green: 0, Shelves: 0 });
  });

  it('fits a 60-order day on one page, within 60 KB with the embedded font', () => {
    const sheet = tuesday({ rows: rows(60).map((r, i) => ({ ...r, ticked: i % 3 === 0 ? ['Green'] : [] })) });
    const bytes = buildDaySheetsPdf(input({ sheets: [sheet], columns: { extras: true, trollies: true, notes: true } }));
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(1);
    for (const r of sheet.rows) expect(pdf.text).toContain(r.title);
    expect(bytes.byteLength).toBeLessThanOrEqual(60 * 1024);
    console.log(`[pdf size] 60-order pick sheet, every column: ${bytes.byteLength} bytes`);
  });

  it('continues a very long day on further pages instead of printing unreadably small', () => {
    const sheet = tuesday({ rows: rows(120) });
    const pdf = readPdf(buildDaySheetsPdf(input({ sheets: [sheet] })));
    expect(pdf.pages).toBe(2);
    expect(pdf.pageTexts[1]).toContain('Tuesday 24 November 2026');
    expect(pdf.pageTexts[1]).toContain('page 2 of 2');
    for (const r of sheet.rows) expect(pdf.text).toContain(r.title);
  });

  it('says so on an empty day', () => {
    const pdf = readPdf(buildDaySheetsPdf(input({ sheets: [tuesday({ rows: [] })] })));
    expect(pdf.text).toContain('0 orders');
    expect(pdf.text).toContain('No orders to pick on Tuesday.');
  });
});

// Orders as the week's list holds them, for the screen's own sheet assembly.
let nextId = 0;
function order(title: string, day: Day, over: Partial<OrderRecord> = {}): OrderRecord {
  nextId += 1;
  return {
    id: `order${nextId}`,
    collectionId: 'tasks',
    collectionName: 'tasks',
    created: '2026-11-20 09:00:00.000Z',
    updated: '2026-11-20 09:00:00.000Z',
    title,
    day,
    postcode: 'ch4 9zz',
    orderNumber: `SO-${nextId}`,
    customerType: 'wholesale',
    other: 'none',
    weekNumber: 48,
    year: 2026,
    orderInfo: '',
    status: '',
    trollies: '',
    extras: '',
    customer: '',
    standingOrder: '',
    standingWeek: '',
    user: 'staff1',
    created_by: 'staff1',
    updated_by: 'staff1',
    nursery: 'nursery1',
    attachments: [],
    ...over,
  };
}

describe('a week of sheets and a collect sheet', () => {
  const week = { year: 2026, week: 48 };
  const orders = [
    order('Monday Wholesale', 'monday'),
    order('Monday Retail', 'monday', { customerType: 'retail' }),
    order('Monday Collect', 'monday', { other: 'collect' }),
    order('Tuesday Wholesale', 'tuesday'),
    order('Tuesday Other', 'tuesday', { customerType: 'other' }),
    order('Tuesday Collect Retail', 'tuesday', { other: 'collect', customerType: 'retail' }),
    order('Tuesday Collect Missed', 'tuesday', { other: 'collect', customerType: 'missed' }),
    order('Tuesday Held', 'tuesday', { other: 'holding' }),
    order('Thursday Wholesale', 'thursday'),
    order('Friday Wholesale', 'friday'),
  ];

  it('prints each chosen day on a page of its own with exactly its orders', () => {
    const sheets = weekSheets(orders, week, ['monday', 'tuesday', 'thursday'], false, {});
    const pdf = readPdf(buildDaySheetsPdf(input({ title: 'Sheets week 48, 2026', sheets })));
    expect(pdf.pages).toBe(3);
    expect(pdf.pageTexts[0]).toContain('Monday 23 November 2026');
    expect(pdf.pageTexts[1]).toContain('Tuesday 24 November 2026');
    expect(pdf.pageTexts[2]).toContain('Thursday 26 November 2026');
    const titlesOn = (page: string) => orders.map((o) => o.title).filter((title) => page.includes(title));
    expect(titlesOn(pdf.pageTexts[0]!)).toEqual(['Monday Wholesale', 'Monday Retail']);
    expect(titlesOn(pdf.pageTexts[1]!)).toEqual(['Tuesday Wholesale']);
    expect(titlesOn(pdf.pageTexts[2]!)).toEqual(['Thursday Wholesale']);
  });

  it('adds a day’s collect sheet after its pick sheet when asked, and only for days with collects', () => {
    const sheets = weekSheets(orders, week, ['monday', 'tuesday', 'thursday'], true, {});
    const pdf = readPdf(buildDaySheetsPdf(input({ sheets })));
    expect(pdf.pages).toBe(5);
    expect(pdf.pageTexts[1]).toContain('Collects: Monday 23 November 2026');
    expect(pdf.pageTexts[3]).toContain('Collects: Tuesday 24 November 2026');
    expect(pdf.pageTexts[4]).toContain('Thursday 26 November 2026');
  });

  it('lists exactly the collect orders of the day on its collect sheet, whatever the customer type', () => {
    const sheet = daySheet('collect', orders, { ...week, day: 'tuesday' }, {});
    const pdf = readPdf(buildDaySheetsPdf(input({ title: 'Collect sheet Tuesday 24 November 2026', sheets: [sheet] })));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Collects: Tuesday 24 November 2026');
    expect(pdf.text).toContain('Collect sheet · Week 48 · 2 orders');
    const listed = orders.map((o) => o.title).filter((title) => pdf.text.includes(title));
    expect(listed).toEqual(['Tuesday Collect Retail', 'Tuesday Collect Missed']);
  });
});

describe('day sheet file names', () => {
  it('have no spaces and name the day, the collects or the week', () => {
    const names = [
      pickSheetFileName('monday', 23, 2026),
      collectSheetFileName('tuesday', 24, 2026),
      weekSheetFileName(48, 2026, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
      weekSheetFileName(48, 2026, ['friday', 'monday', 'tuesday']),
    ];
    expect(names).toEqual(['monday-23-2026.pdf', 'collects-tuesday-24-2026.pdf', 'week-48-2026.pdf', 'week-48-2026-mon-tue-fri.pdf']);
    for (const name of names) expect(name).not.toMatch(/\s/);
  });
});
