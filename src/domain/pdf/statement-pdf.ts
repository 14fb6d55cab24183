import { jsPDF } from 'jspdf';
import { COUNTS } from '#domain/ledger/balance';
import { balanceInWords } from '#domain/ledger/balance-words';
import { countInWords } from '#domain/ledger/count-words';
import { longDate, shortDate } from '#domain/ledger/iso-dates';
import { movementLabel, signed, type Counts, type Statement } from '#domain/ledger/statement';
import { embedFonts, type PdfFonts, type SheetFonts } from './pdf-fonts';
import { BLACK, creditLine, formatPrintDate, GREY, LIGHT_LINE, paginate, PT, RED, wrapWords } from './pdf-text';

export interface StatementPdfInput {
  statement: Statement;
  customerName: string;
  /** The customer's pool account number, '' for none. */
  poolAccount: string;
  nurseryName: string;
  /** The moment of printing, for the footer date. */
  today: Date;
  appUrl: string;
  fonts: PdfFonts;
}

const PAGE = { width: 210, height: 297, margin: 10 } as const;
const TITLE_HEIGHT = 20;
const HEADER_HEIGHT = 7;
const FOOTER_HEIGHT = 8;
const LIST_TOP = PAGE.margin + TITLE_HEIGHT + HEADER_HEIGHT;
const LIST_BOTTOM = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
const SIZE = 10;
const LINE = 1.15;
const GAP = 2.5;
/** Noto Sans's capital height, in ems. */
const CAP_HEIGHT = 0.714;
const lineHeight = SIZE * PT * LINE;
const padding = SIZE * PT * 0.3;

type ColumnKey = 'date' | 'movement' | 'note' | 'trolleys' | 'shelves' | 'extensions' | 'held';
interface Column {
  key: ColumnKey;
  label: string;
  x: number;
  width: number;
  numeric: boolean;
}

/** Fixed widths (mm); the note takes what is left and wraps in it. */
const FIXED: Array<Omit<Column, 'x'>> = [
  { key: 'date', label: 'Date', width: 24, numeric: false },
  { key: 'movement', label: 'Movement', width: 36, numeric: false },
  { key: 'note', label: 'Note', width: 0, numeric: false },
  { key: 'trolleys', label: 'Trolleys', width: 17, numeric: true },
  { key: 'shelves', label: 'Shelves', width: 17, numeric: true },
  { key: 'extensions', label: 'Extensions', width: 20, numeric: true },
  { key: 'held', label: 'Held (T / S / E)', width: 30, numeric: true },
];

function columns(): Column[] {
  const inner = PAGE.width - 2 * PAGE.margin;
  const noteWidth = inner - FIXED.reduce((sum, column) => sum + column.width, 0);
  let x = PAGE.margin;
  return FIXED.map((column) => {
    const placed = { ...column, width: column.key === 'note' ? noteWidth : column.width, x };
    x += placed.width;
    return placed;
  });
}

interface Row {
  cells: Partial<Record<ColumnKey, string[]>>;
  bold: boolean;
  height: number;
}

const held = (counts: Counts): string => `${counts.trolleys} / ${counts.shelves} / ${counts.extensions}`;

/**
 * A customer's trolley statement for a period as a vector PDF, in the pick sheet's style
 * (docs/decisions/022, 032, 040): portrait A4, the customer and period at the top, the opening
 * balance, each movement with its change and what the customer held after it, the closing balance
 * in bold; a long list continues on further pages with the header repeated.
 */
export function buildStatementPdf(input: StatementPdfInput): ArrayBuffer {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  const fonts = embedFonts(doc, input.fonts);
  const { statement } = input;
  doc.setProperties({
    title: fonts.printable(`Statement ${input.customerName} ${statement.from} to ${statement.to}`),
    creator: 'Trolleyboard',
  });
  const cols = columns();
  doc.setFontSize(SIZE);
  const row = (text: Partial<Record<ColumnKey, string>>, bold: boolean): Row => {
    const cells: Row['cells'] = {};
    let lines = 1;
    for (const column of cols) {
      const value = text[column.key];
      if (!value) continue;
      fonts.use(bold ? 'bold' : 'normal');
      cells[column.key] = column.numeric ? [value] : wrapWords(doc, fonts.printable(value), column.width - GAP);
      lines = Math.max(lines, cells[column.key]?.length ?? 1);
    }
    return { cells, bold, height: lines * lineHeight + 2 * padding };
  };
  const rows: Row[] = [
    row({ date: shortDate(statement.from), movement: 'Opening balance', held: held(statement.opening) }, true),
    ...statement.lines.map((line) =>
      row(
        {
          date: shortDate(line.movement.date),
          movement: movementLabel(line.movement),
          note: line.movement.note.replace(/\s+/g, ' ').trim(),
          trolleys: signed(line.change.trolleys),
          shelves: signed(line.change.shelves),
          extensions: signed(line.change.extensions),
          held: held(line.balance),
        },
        false,
      ),
    ),
    row({ date: shortDate(statement.to), movement: 'Closing balance', held: held(statement.closing) }, true),
  ];
  const pages = paginate(rows, LIST_BOTTOM - LIST_TOP);
  pages.forEach((pageRows, page) => {
    if (page > 0) doc.addPage('a4', 'portrait');
    drawHeader(doc, fonts, input, cols, page, pages.length);
    let top = LIST_TOP;
    for (const layout of pageRows) {
      drawRow(doc, fonts, layout, cols, top);
      top += layout.height;
    }
    drawFooter(doc, fonts, input);
  });
  fonts.markSubsets();
  return doc.output('arraybuffer');
}

function drawHeader(doc: jsPDF, fonts: SheetFonts, input: StatementPdfInput, cols: Column[], page: number, pages: number): void {
  const right = PAGE.width - PAGE.margin;
  fonts.use('bold');
  doc.setFontSize(18);
  doc.setTextColor(...BLACK);
  doc.text(fonts.printable(input.customerName), PAGE.margin, PAGE.margin + 7);
  fonts.use('normal');
  doc.setFontSize(9);
  doc.setTextColor(...GREY);
  const label = input.nurseryName ? `Trolley statement · ${input.nurseryName}` : 'Trolley statement';
  doc.text(fonts.printable(pages > 1 ? `${label} · page ${page + 1} of ${pages}` : label), right, PAGE.margin + 7, { align: 'right' });
  doc.setFontSize(11);
  doc.setTextColor(...BLACK);
  const period = `${longDate(input.statement.from)} to ${longDate(input.statement.to)}`;
  doc.text(fonts.printable(input.poolAccount ? `${period} · Pool account ${input.poolAccount}` : period), PAGE.margin, PAGE.margin + 14);
  const closing = input.statement.closing;
  // Never a negative count in the header: more back than booked out says so (docs/decisions/065).
  const extra = COUNTS.some((count) => closing[count] < 0);
  if (extra || closing.trolleys > 0 || closing.shelves > 0 || closing.extensions > 0) {
    fonts.use('bold');
    doc.setTextColor(...RED);
    const words = extra ? balanceInWords(closing) : `Holds ${COUNTS.map((count) => countInWords(closing[count], count)).join(', ')}`;
    doc.text(fonts.printable(words), right, PAGE.margin + 14, { align: 'right' });
  }
  const headerY = LIST_TOP - 2;
  fonts.use('bold');
  doc.setFontSize(9);
  doc.setTextColor(...BLACK);
  for (const column of cols)
    if (column.numeric) doc.text(column.label, column.x + column.width - GAP, headerY, { align: 'right' });
    else doc.text(column.label, column.x + 1, headerY);
  doc.setDrawColor(...BLACK);
  doc.setLineWidth(0.4);
  doc.line(PAGE.margin, LIST_TOP, right, LIST_TOP);
}

function drawRow(doc: jsPDF, fonts: SheetFonts, layout: Row, cols: Column[], top: number): void {
  const baseline = top + padding + (lineHeight + CAP_HEIGHT * SIZE * PT) / 2;
  fonts.use(layout.bold ? 'bold' : 'normal');
  doc.setFontSize(SIZE);
  doc.setTextColor(...BLACK);
  for (const column of cols) {
    const lines = layout.cells[column.key];
    if (!lines) continue;
    doc.setTextColor(...(column.key === 'note' ? GREY : BLACK));
    lines.forEach((line, i) => {
      if (column.numeric) doc.text(line, column.x + column.width - GAP, baseline + i * lineHeight, { align: 'right' });
      else doc.text(line, column.x + 1, baseline + i * lineHeight);
    });
  }
  doc.setDrawColor(...LIGHT_LINE);
  doc.setLineWidth(0.15);
  doc.line(PAGE.margin, top + layout.height, PAGE.width - PAGE.margin, top + layout.height);
}

function drawFooter(doc: jsPDF, fonts: SheetFonts, input: StatementPdfInput): void {
  const y = PAGE.height - PAGE.margin;
  fonts.use('normal');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  doc.text(fonts.printable(creditLine(input.appUrl)), PAGE.margin, y);
  doc.text(formatPrintDate(input.today), PAGE.width - PAGE.margin, y, { align: 'right' });
}
