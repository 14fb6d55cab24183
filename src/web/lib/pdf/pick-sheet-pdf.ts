import { jsPDF } from 'jspdf';
import type { PickSheetTone } from '#domain/orders/pick-sheet-tone';
import { BLACK, creditLine, fitText, formatPrintDate, GREY, LIGHT_LINE, printable, PT, type Rgb } from './pdf-text';

/** One order line on the pick sheet, already filtered and sorted by the screen. */
export interface PickSheetRow {
  title: string;
  /** As typed; the sheet upper-cases it. */
  postcode: string;
  /** Optional; '' prints nothing. */
  orderNumber: string;
  /** From `pickSheetTone(customerType)` (retail blue, other red, missed magenta, wholesale default). */
  tone: PickSheetTone;
}

export interface PickSheetInput {
  /** Day name as shown in the header, e.g. "Monday". */
  dayLabel: string;
  /** Day of the month, e.g. 17. */
  dayNumber: number;
  year: number;
  rows: PickSheetRow[];
  /** "Show Extras": Green / Yellow / Shelves tick boxes per row. */
  showExtras: boolean;
  /** The moment of printing, for the footer date. */
  today: Date;
  /** The app's public address, for the footer credit. */
  appUrl: string;
}

/** `{day}-{number}-{year}.pdf` with the day as in the route (lower case), e.g. monday-17-2026.pdf. */
export function pickSheetFileName(day: string, dayNumber: number, year: number): string {
  return `${day.toLowerCase()}-${dayNumber}-${year}.pdf`;
}

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
/** Row height bounds: roomy for a short day, and a floor that still prints legibly (7.3 pt). */
const ROW = { max: 9, min: 4 } as const;
const EXTRAS = ['Green', 'Yellow', 'Shelves'] as const;
const EXTRA_COLUMN_WIDTH = 14;

/**
 * The day's pick sheet as a vector PDF (docs/decisions/022): portrait A4, real text. Rows shrink with the number
 * of orders so a long day (60 orders) still fits on one page; below the legibility floor the
 * list continues on further pages with the header repeated.
 */
export function buildPickSheetPdf(input: PickSheetInput): ArrayBuffer {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  const title = `${input.dayLabel} ${input.dayNumber}, ${input.year}`;
  doc.setProperties({ title: `Pick sheet ${title}`, creator: 'Trolleyboard' });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const listTop = PAGE.margin + TITLE_HEIGHT + HEADER_HEIGHT;
  const listBottom = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
  const available = listBottom - listTop;
  const rowHeight = Math.min(ROW.max, Math.max(ROW.min, available / Math.max(1, input.rows.length)));
  const fontSize = Math.min(12, (rowHeight * 0.65) / PT);
  const rowsPerPage = Math.max(1, Math.floor(available / rowHeight + 1e-6));

  const extrasWidth = input.showExtras ? EXTRAS.length * EXTRA_COLUMN_WIDTH : 0;
  const orderX = right - extrasWidth - 30;
  const postcodeX = orderX - 32;
  const columns = { title: left + 1, postcode: postcodeX, order: orderX, extras: right - extrasWidth };

  const pages = Math.max(1, Math.ceil(input.rows.length / rowsPerPage));
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) doc.addPage('a4', 'portrait');

    doc.setTextColor(...BLACK);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(18);
    doc.text(printable(title), left, PAGE.margin + 7);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    doc.setTextColor(...GREY);
    const count = `${input.rows.length} order${input.rows.length === 1 ? '' : 's'}${pages > 1 ? ` - page ${page + 1} of ${pages}` : ''}`;
    doc.text(count, right, PAGE.margin + 7, { align: 'right' });

    const headerY = PAGE.margin + TITLE_HEIGHT + HEADER_HEIGHT - 2;
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(9);
    doc.text('Customer', columns.title, headerY);
    doc.text('Postcode', columns.postcode, headerY);
    doc.text('Order No', columns.order, headerY);
    EXTRAS.forEach((name, i) => {
      if (input.showExtras) doc.text(name, columns.extras + i * EXTRA_COLUMN_WIDTH + EXTRA_COLUMN_WIDTH / 2, headerY, { align: 'center' });
    });
    doc.setDrawColor(...BLACK);
    doc.setLineWidth(0.4);
    doc.line(left, listTop, right, listTop);

    const pageRows = input.rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
    doc.setLineWidth(0.15);
    pageRows.forEach((row, i) => {
      const top = listTop + i * rowHeight;
      const baseline = top + rowHeight / 2 + (fontSize * PT) / 2.9;
      doc.setFontSize(fontSize);
      doc.setFont('helvetica', 'bold');
      doc.setTextColor(...TONE_COLOURS[row.tone]);
      doc.text(fitText(doc, printable(row.title.trim()), columns.postcode - columns.title - 3), columns.title, baseline);
      doc.setFont('helvetica', 'normal');
      doc.setTextColor(...BLACK);
      doc.text(
        fitText(doc, printable(row.postcode.trim().toUpperCase()), columns.order - columns.postcode - 3),
        columns.postcode,
        baseline,
      );
      doc.text(fitText(doc, printable(row.orderNumber.trim()), columns.extras - columns.order - 2), columns.order, baseline);
      if (input.showExtras) {
        const box = Math.min(4, rowHeight - 1.2);
        doc.setDrawColor(...BLACK);
        EXTRAS.forEach((_, c) => {
          doc.rect(columns.extras + c * EXTRA_COLUMN_WIDTH + (EXTRA_COLUMN_WIDTH - box) / 2, top + (rowHeight - box) / 2, box, box);
        });
      }
      doc.setDrawColor(...LIGHT_LINE);
      doc.line(left, top + rowHeight, right, top + rowHeight);
    });

    drawFooter(doc, input);
  }
  return doc.output('arraybuffer');
}

function drawFooter(doc: jsPDF, input: Pick<PickSheetInput, 'today' | 'appUrl'>): void {
  const y = PAGE.height - PAGE.margin;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  doc.text(printable(creditLine(input.appUrl)), PAGE.margin, y);
  doc.text(formatPrintDate(input.today), PAGE.width - PAGE.margin, y, { align: 'right' });
}
