// What printing costs: the size of the PDFs staff download and of the font files the browser
// fetches the first time someone prints (docs/decisions/032). Shared by `npm run bench:pdf` and
// `npm run bench`. The sheets are built in Node by the same code the browser runs, from orders
// like a busy nursery's: names in several scripts, postcodes, order numbers, trollies, notes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RunStop } from '../../src/domain/records';
import { customerLabel } from '../../src/domain/trolleys/customer-label';
import type { DaySheet, SheetRow } from '../../src/web/lib/pdf/day-sheet';
import { buildDaySheetsPdf } from '../../src/web/lib/pdf/day-sheets-pdf';
import { buildRunSheetPdf } from '../../src/web/lib/pdf/run-sheet-pdf';
import { pdfFonts } from '../../tests/support/pdf-fonts';

/** A pick sheet of 60 orders, with every optional column: at most this, with the embedded font. */
export const PICK_SHEET_60_BUDGET_KB = 60;

const NAMES = [
  'Greenfields Garden Centre',
  'Hill Top Nursery',
  'Łódź Ogrody Hurtownia',
  'Ynys Môn Plants',
  'Ŵyneb Ŷd Nursery',
  'Κήπος Αθηνών',
  'Садовый центр Москва',
  'Willow & Sage',
  'Bramble Cottage Gardens and Landscaping Supplies Ltd',
  'The Potting Shed',
];

function rows(count: number): SheetRow[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${NAMES[i % NAMES.length]!} ${i + 1}`,
    postcode: `GL${(i % 50) + 1} ${i % 9}QA`,
    orderNumber: `SO-${10231 + i}`,
    trollies: String((i % 6) + 1),
    notes: i % 4 === 0 ? 'Deliver before 9am; two Danish trolleys of shrubs' : '',
    tone: (['default', 'blue', 'default', 'blue', 'red', 'magenta'] as const)[i % 6]!,
    ticked: i % 3 === 0 ? ['Green'] : i % 5 === 0 ? ['Yellow', 'Shelves'] : [],
  }));
}

const day = (dayLabel: string, date: number, count: number): DaySheet => ({
  kind: 'pick',
  date: `${dayLabel} ${date} November 2026`,
  dayLabel,
  week: 48,
  rows: rows(count),
});

const kb = (bytes: number) => bytes / 1000;
const base = { today: new Date(2026, 10, 24), appUrl: 'http://yard.nursery.lan:8090', fonts: pdfFonts };

export interface PdfSizes {
  pickSheet60Kb: number;
  pickSheet60Pages: number;
  weekSheetsKb: number;
  runSheet24Kb: number;
}

export function measurePdfs(): PdfSizes {
  const every = { extras: true, trollies: true, notes: true };
  const pick = buildDaySheetsPdf({ ...base, title: 'Pick sheet', sheets: [day('Tuesday', 24, 60)], columns: every });
  const week = buildDaySheetsPdf({
    ...base,
    title: 'Sheets week 48',
    sheets: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((name, i) => day(name, 23 + i, 40)),
    columns: every,
  });
  const stops: RunStop[] = rows(24).map((row, i) => ({
    id: `s${i}`,
    title: row.title,
    postcode: row.postcode,
    trollies: row.trollies,
    extras: '',
    orderNumber: row.orderNumber,
  }));
  const run = buildRunSheetPdf({
    ...base,
    stops,
    vehicleInfo: {
      driver: 'Łukasz Wójcik',
      reg: 'AB12 CDE',
      code: 'K7',
      date: '2026-11-24',
      vehicleType: 'lorry',
      trolleyNumber: 24,
      grid: stops.map((stop) => customerLabel(stop)),
    },
  });
  return {
    pickSheet60Kb: kb(pick.byteLength),
    pickSheet60Pages: (new TextDecoder('latin1').decode(pick).match(/\/Type \/Page\b/g) ?? []).length,
    weekSheetsKb: kb(week.byteLength),
    runSheet24Kb: kb(run.byteLength),
  };
}

export interface FontAsset {
  file: string;
  kb: number;
  kbGzip: number;
  kbBrotli: number;
}

/** The built app's font files (dist/web/assets/*.ttf): what a browser fetches on its first print. */
export function fontAssets(distDir: string): FontAsset[] {
  const dir = join(distDir, 'assets');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ttf'))
    .map((file) => {
      const bytes = readFileSync(join(dir, file));
      return {
        file: `assets/${file}`,
        kb: kb(bytes.length),
        kbGzip: kb(gzipSync(bytes, { level: 9 }).length),
        kbBrotli: kb(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length),
      };
    });
}
