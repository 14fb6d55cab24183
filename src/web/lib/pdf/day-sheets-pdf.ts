import { jsPDF } from 'jspdf';
import type { PickSheetTone } from '#domain/orders/pick-sheet-tone';
import { EXTRAS, type DaySheet, type DaySheetsInput, type Extra, type SheetColumns, type SheetRow } from './day-sheet';
import { embedFonts, type SheetFonts } from '#domain/pdf/pdf-fonts';
import { BLACK, creditLine, fitText, formatPrintDate, GREY, LIGHT_LINE, paginate, PT, type Rgb, wrapWords } from '#domain/pdf/pdf-text';

const TONE_COLOURS: Record<PickSheetTone, Rgb> = {
  blue: [29, 78, 216],
  red: [200, 30, 30],
  magenta: [192, 38, 211],
  default: BLACK,
};

const PAGE = { width: 210, height: 297, margin: 10 } as const;
const TITLE_HEIGHT = 12;
const HEADER_HEIGHT = 7;
const FOOTER_HEIGHT = 8;
const LIST_TOP = PAGE.margin + TITLE_HEIGHT + HEADER_HEIGHT;
const LIST_BOTTOM = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
/** Text sizes (pt) a sheet may use: roomy for a short day, down to a floor that still prints legibly. */
const SIZE = { max: 12, min: 7, step: 0.5 } as const;
const LINE = 1.15;
/** Notes are the order's whole story; a sheet shows their start, the order's page the rest. */
const NOTES_MAX_LINES = 4;
const GAP = 2.5;
/** Noto Sans's capital height, in ems. */
const CAP_HEIGHT = 0.714;

type ColumnKey = 'title' | 'postcode' | 'order' | 'trollies' | 'notes' | Extra;
interface Column {
  key: ColumnKey;
  label: string;
  x: number;
  width: number;
}

/** Fixed widths (mm); the customer name takes what is left and wraps in it. */
const WIDTHS = { postcode: 22, order: 24, trollies: 14, notes: 42, extra: 12.5 } as const;

function columnsFor(options: SheetColumns): Column[] {
  const right: Omit<Column, 'x'>[] = [
    { key: 'postcode', label: 'Postcode', width: WIDTHS.postcode },
    { key: 'order', label: 'Order No', width: WIDTHS.order },
    ...(options.trollies ? [{ key: 'trollies' as const, label: 'Trollies', width: WIDTHS.trollies }] : []),
    ...(options.notes ? [{ key: 'notes' as const, label: 'Notes', width: WIDTHS.notes }] : []),
    ...(options.extras ? EXTRAS.map((extra) => ({ key: extra, label: extra, width: WIDTHS.extra })) : []),
  ];
  const inner = PAGE.width - 2 * PAGE.margin;
  const titleWidth = inner - right.reduce((sum, c) => sum + c.width, 0);
  const columns: Column[] = [{ key: 'title', label: 'Customer', x: PAGE.margin, width: titleWidth }];
  for (const column of right) {
    const last = columns[columns.length - 1]!;
    columns.push({ ...column, x: last.x + last.width });
  }
  return columns;
}

/** A row's text, wrapped to its columns at one text size. */
interface RowLayout {
  row: SheetRow;
  cells: Partial<Record<ColumnKey, string[]>>;
  height: number;
}

/**
 * One or more days' pick and collect sheets as one vector PDF (docs/decisions/022, 032): portrait
 * A4, real text in an embedded font that prints Latin, Greek and Cyrillic names, every name whole
 * (a long one wraps). Each sheet starts on a new page; its text shrinks with the number of orders
 * so a long day (60 orders) still fits one page, and below a legible size the list continues on
 * further pages with the header repeated.
 */
export function buildDaySheetsPdf(input: DaySheetsInput): ArrayBuffer {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  const fonts = embedFonts(doc, input.fonts);
  doc.setProperties({ title: fonts.printable(input.title), creator: 'Trolleyboard' });
  const columns = columnsFor(input.columns);

  input.sheets.forEach((sheet, index) => {
    if (index > 0) doc.addPage('a4', 'portrait');
    drawSheet(doc, fonts, sheet, columns, input);
  });
  if (input.sheets.length === 0) drawFooter(doc, fonts, input);
  fonts.markSubsets();
  return doc.output('arraybuffer');
}

function drawSheet(doc: jsPDF, fonts: SheetFonts, sheet: DaySheet, columns: Column[], input: DaySheetsInput): void {
  const available = LIST_BOTTOM - LIST_TOP;
  // The largest text size at which the whole day fits one page, else the smallest, over pages.
  let size: number = SIZE.max;
  let rows = layoutRows(doc, fonts, sheet.rows, columns, size);
  while (size > SIZE.min && total(rows) > available) {
    size -= SIZE.step;
    rows = layoutRows(doc, fonts, sheet.rows, columns, size);
  }
  const pages = paginate(rows, available);

  pages.forEach((pageRows, page) => {
    if (page > 0) doc.addPage('a4', 'portrait');
    drawPageHeader(doc, fonts, sheet, columns, page, pages.length);
    if (sheet.rows.length === 0) {
      fonts.use('normal');
      doc.setFontSize(11);
      doc.setTextColor(...GREY);
      const none = sheet.kind === 'collect' ? `No collects on ${sheet.dayLabel}.` : `No orders to pick on ${sheet.dayLabel}.`;
      doc.text(none, PAGE.margin + 1, LIST_TOP + 8);
    }
    let top = LIST_TOP;
    for (const layout of pageRows) {
      drawRow(doc, fonts, layout, columns, size, top);
      top += layout.height;
    }
    drawFooter(doc, fonts, input);
  });
}

function total(rows: RowLayout[]): number {
  return rows.reduce((sum, row) => sum + row.height, 0);
}

const lineHeight = (size: number) => size * PT * LINE;
const notesSize = (size: number) => size * 0.85;
const padding = (size: number) => size * PT * 0.22;

function layoutRows(doc: jsPDF, fonts: SheetFonts, rows: SheetRow[], columns: Column[], size: number): RowLayout[] {
  return rows.map((row) => {
    const cells: RowLayout['cells'] = {};
    let height = 0;
    for (const column of columns) {
      const width = column.width - GAP;
      let lines: string[] = [];
      let cellSize = size;
      if (column.key === 'title') {
        fonts.use('bold');
        doc.setFontSize(size);
        lines = wrapWords(doc, fonts.printable(row.title.trim()), width);
      } else if (column.key === 'notes') {
        fonts.use('normal');
        cellSize = notesSize(size);
        doc.setFontSize(cellSize);
        lines = noteLines(doc, fonts, row.notes, width);
      } else if (column.key === 'postcode' || column.key === 'order' || column.key === 'trollies') {
        fonts.use(column.key === 'trollies' ? 'bold' : 'normal');
        doc.setFontSize(size);
        const text =
          column.key === 'postcode' ? row.postcode.trim().toUpperCase() : column.key === 'order' ? row.orderNumber : row.trollies;
        lines = wrapWords(doc, fonts.printable(text.trim()), width);
      }
      if (lines.length > 0) cells[column.key] = lines;
      height = Math.max(height, lines.length * lineHeight(cellSize));
    }
    return { row, cells, height: Math.max(height, lineHeight(size), boxSize(size)) + 2 * padding(size) };
  });
}

/** The notes' first lines, each paragraph wrapped; the last line shown ends with "..." when more was cut. */
function noteLines(doc: jsPDF, fonts: SheetFonts, notes: string, width: number): string[] {
  const lines = notes
    .split(/\r?\n/)
    .map((paragraph) => fonts.printable(paragraph.trim()))
    .filter((paragraph) => paragraph !== '')
    .flatMap((paragraph) => wrapWords(doc, paragraph, width));
  if (lines.length <= NOTES_MAX_LINES) return lines;
  const shown = lines.slice(0, NOTES_MAX_LINES);
  const last = `${shown[NOTES_MAX_LINES - 1]!}...`;
  shown[NOTES_MAX_LINES - 1] = doc.getTextWidth(last) <= width ? last : fitText(doc, last, width);
  return shown;
}

const boxSize = (size: number) => Math.min(4.2, size * PT * 1.15);

function drawPageHeader(doc: jsPDF, fonts: SheetFonts, sheet: DaySheet, columns: Column[], page: number, pages: number): void {
  const right = PAGE.width - PAGE.margin;
  fonts.use('bold');
  doc.setFontSize(18);
  doc.setTextColor(...BLACK);
  const heading = sheet.kind === 'collect' ? `Collects: ${sheet.date}` : sheet.date;
  doc.text(fonts.printable(heading), PAGE.margin, PAGE.margin + 7);

  fonts.use('normal');
  doc.setFontSize(9);
  doc.setTextColor(...GREY);
  const count = `${sheet.rows.length} ${sheet.rows.length === 1 ? 'order' : 'orders'}`;
  const label = `${sheet.kind === 'collect' ? 'Collect sheet' : 'Pick sheet'} · Week ${sheet.week} · ${count}`;
  doc.text(pages > 1 ? `${label} · page ${page + 1} of ${pages}` : label, right, PAGE.margin + 7, { align: 'right' });

  const headerY = LIST_TOP - 2;
  fonts.use('bold');
  doc.setFontSize(9);
  doc.setTextColor(...BLACK);
  for (const column of columns) {
    if (isExtra(column.key)) doc.text(column.label, column.x + column.width / 2, headerY, { align: 'center' });
    else doc.text(column.label, column.x + (column.key === 'title' ? 1 : 0), headerY);
  }
  doc.setDrawColor(...BLACK);
  doc.setLineWidth(0.4);
  doc.line(PAGE.margin, LIST_TOP, right, LIST_TOP);
}

const isExtra = (key: ColumnKey): key is Extra => (EXTRAS as readonly string[]).includes(key);

function drawRow(doc: jsPDF, fonts: SheetFonts, layout: RowLayout, columns: Column[], size: number, top: number): void {
  const { row } = layout;
  // Every column's first line on one baseline: capitals centred in the first line of the row.
  const firstBaseline = top + padding(size) + (lineHeight(size) + CAP_HEIGHT * size * PT) / 2;
  for (const column of columns) {
    if (isExtra(column.key)) {
      drawTickBox(doc, column.x + column.width / 2, top + layout.height / 2, boxSize(size), row.ticked.includes(column.key));
      continue;
    }
    const lines = layout.cells[column.key];
    if (!lines) continue;
    const cellSize = column.key === 'notes' ? notesSize(size) : size;
    fonts.use(column.key === 'title' || column.key === 'trollies' ? 'bold' : 'normal');
    doc.setFontSize(cellSize);
    doc.setTextColor(...(column.key === 'title' ? TONE_COLOURS[row.tone] : column.key === 'notes' ? GREY : BLACK));
    const x = column.x + (column.key === 'title' ? 1 : 0);
    lines.forEach((line, i) => doc.text(line, x, firstBaseline + i * lineHeight(cellSize)));
  }
  doc.setDrawColor(...LIGHT_LINE);
  doc.setLineWidth(0.15);
  doc.line(PAGE.margin, top + layout.height, PAGE.width - PAGE.margin, top + layout.height);
}

/** An empty square, or with a tick drawn in it: ticked on screen prints ticked. */
function drawTickBox(doc: jsPDF, centreX: number, centreY: number, size: number, ticked: boolean): void {
  const x = centreX - size / 2;
  const y = centreY - size / 2;
  doc.setDrawColor(...BLACK);
  doc.setLineWidth(0.25);
  doc.rect(x, y, size, size);
  if (!ticked) return;
  doc.setLineWidth(Math.max(0.45, size * 0.14));
  doc.setLineCap('round');
  doc.setLineJoin('round');
  doc.lines(
    [
      [size * 0.22, size * 0.24],
      [size * 0.4, -size * 0.58],
    ],
    x + size * 0.18,
    y + size * 0.52,
  );
  doc.setLineCap('butt');
  doc.setLineJoin('miter');
}

function drawFooter(doc: jsPDF, fonts: SheetFonts, input: Pick<DaySheetsInput, 'today' | 'appUrl'>): void {
  const y = PAGE.height - PAGE.margin;
  fonts.use('normal');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  doc.text(fonts.printable(creditLine(input.appUrl)), PAGE.margin, y);
  doc.text(formatPrintDate(input.today), PAGE.width - PAGE.margin, y, { align: 'right' });
}
