import { jsPDF } from 'jspdf';
import type { RunStop, VehicleInfo } from '#domain/records';
import { dayMonthYear } from '#domain/trolleys/run-name';
import { countTrollies } from '#domain/trolleys/count-trollies';
import { stopLoads } from '#domain/trolleys/estimated-loaded';
import { stopDisplay } from '#domain/trolleys/stop-display';
import { cellStops, stopSwatch } from '#domain/trolleys/stop-colours';
import { blockCaption, vehicleKindLabel, vehicleLayout, type CellPlacement } from '#domain/trolleys/vehicle-layouts';
import { embedFonts, type PdfFonts, type SheetFonts } from '#domain/pdf/pdf-fonts';
import { drawQr } from './pdf-qr';
import { BLACK, creditLine, fitText, formatPrintDate, GREY, LIGHT_LINE, paginate, PT, RED, wrapWords } from '#domain/pdf/pdf-text';

export interface RunSheetInput {
  stops: RunStop[];
  vehicleInfo: VehicleInfo;
  /** The moment of printing, for the footer date. */
  today: Date;
  /** The app's public address, for the footer credit. */
  appUrl: string;
  fonts: PdfFonts;
  /** The run's driver's link, printed as a QR code with its short address (docs/decisions/044). */
  driverLink?: { url: string; shortUrl: string; expires: string };
}

const PAGE = { width: 297, height: 210, margin: 10 } as const;
const HEADER_HEIGHT = 14;
const FOOTER_HEIGHT = 8;
/** The stop list takes the left part of the page, the vehicle drawing the right. */
const LIST_WIDTH = 150;
const GAP = 8;
const LIST_HEADER = 6;
/** Stop text sizes (pt): roomy for a short run, down to a floor that still reads in a cab. */
const SIZE = { max: 11, min: 8, step: 0.5 } as const;
const LINE = 1.15;
/** Noto Sans's capital height, in ems. */
const CAP_HEIGHT = 0.714;

/**
 * The run sheet for the driver as a vector PDF (docs/decisions/022, 032): landscape A4 with
 * driver, registration and date (upper case, date as dd-mm-yyyy), the stop list with every name
 * whole (a long one wraps), the vehicle with every cell's label, and a footer with the credit, the
 * print date and the run's code. No editing controls. A list too long for one page continues on
 * further pages; the vehicle is drawn on the first.
 */
export function buildRunSheetPdf(input: RunSheetInput): ArrayBuffer {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  const fonts = embedFonts(doc, input.fonts);
  const { vehicleInfo: info } = input;
  doc.setProperties({ title: fonts.printable(`Run ${dayMonthYear(info.date)} ${info.driver}`.trim()), creator: 'Trolleyboard' });

  const listTop = PAGE.margin + HEADER_HEIGHT + LIST_HEADER;
  const listBottom = PAGE.height - PAGE.margin - FOOTER_HEIGHT - 6;
  const available = listBottom - listTop;
  // The largest text size at which every stop fits one page, else the smallest, over pages.
  let size: number = SIZE.max;
  let rows = layoutStops(doc, fonts, input.stops, input.vehicleInfo.grid, size);
  while (size > SIZE.min && rows.reduce((sum, row) => sum + row.height, 0) > available) {
    size -= SIZE.step;
    rows = layoutStops(doc, fonts, input.stops, input.vehicleInfo.grid, size);
  }
  const pages = paginate(rows, available);

  pages.forEach((pageRows, page) => {
    if (page > 0) doc.addPage('a4', 'landscape');
    drawHeader(doc, fonts, info, page, pages.length);
    drawStops(doc, fonts, pageRows, size, listTop);
    if (page === pages.length - 1) {
      fonts.use('bold');
      doc.setFontSize(10);
      doc.setTextColor(...BLACK);
      doc.text(`Total Trollies: ${countTrollies(input.stops)}`, PAGE.margin, listBottom + 5);
    }
    if (page === 0) {
      const right = { x: PAGE.margin + LIST_WIDTH + GAP, y: PAGE.margin + HEADER_HEIGHT, bottom: listBottom + 6 };
      // The driver's QR code takes the foot of the vehicle's column; the vehicle is drawn above it.
      if (input.driverLink) drawDriverLink(doc, fonts, input.driverLink, { ...right, y: right.bottom - DRIVER_QR });
      drawVehicle(doc, fonts, input.stops, info, input.driverLink ? { ...right, bottom: right.bottom - DRIVER_QR - 3 } : right);
    }
    drawFooter(doc, fonts, input);
  });
  fonts.markSubsets();
  return doc.output('arraybuffer');
}

function drawHeader(doc: jsPDF, fonts: SheetFonts, info: VehicleInfo, page: number, pages: number): void {
  const y = PAGE.margin + 7;
  const parts = [
    ['DRIVER', info.driver],
    ['REG', info.reg],
    ['DATE', dayMonthYear(info.date)],
  ] as const;
  let x = PAGE.margin;
  doc.setTextColor(...BLACK);
  for (const [label, value] of parts) {
    fonts.use('normal');
    doc.setFontSize(10);
    doc.setTextColor(...GREY);
    doc.text(`${label}:`, x, y);
    x += doc.getTextWidth(`${label}: `);
    fonts.use('bold');
    doc.setFontSize(15);
    doc.setTextColor(...BLACK);
    const text = fonts.printable(value.trim().toUpperCase()) || '-';
    doc.text(text, x, y);
    x += doc.getTextWidth(text) + 10;
  }
  fonts.use('normal');
  doc.setFontSize(10);
  doc.setTextColor(...GREY);
  const vehicle = `${vehicleKindLabel(info.vehicleType).toUpperCase()}${info.trolleyNumber > 0 ? ` ${info.trolleyNumber}T` : ''}`;
  doc.text(pages > 1 ? `${vehicle} - page ${page + 1} of ${pages}` : vehicle, PAGE.width - PAGE.margin, y, { align: 'right' });
  doc.setDrawColor(...BLACK);
  doc.setLineWidth(0.4);
  doc.line(PAGE.margin, PAGE.margin + 10, PAGE.width - PAGE.margin, PAGE.margin + 10);
}

/** Column offsets of the stop list, from its left edge (mm). */
const COLS = { position: 0, title: 8, order: 60, postcode: 84, trollies: 104, extras: 116, end: LIST_WIDTH } as const;
type StopColumn = Exclude<keyof typeof COLS, 'end'>;
const NEXT: Record<StopColumn, keyof typeof COLS> = {
  position: 'title',
  title: 'order',
  order: 'postcode',
  postcode: 'trollies',
  trollies: 'extras',
  extras: 'end',
};
const STOP_COLUMNS = Object.keys(NEXT) as StopColumn[];
const BOLD_COLUMNS: ReadonlySet<StopColumn> = new Set(['position', 'title', 'trollies']);

/** One stop as printed: its text wrapped to each column at one size. */
interface StopRow {
  /** 0-based drop order: the row's colour. */
  stopIndex: number;
  cells: Record<StopColumn, string[]>;
  height: number;
}

const lineHeight = (size: number) => size * PT * LINE;
const padding = (size: number) => size * PT * 0.3;

function layoutStops(doc: jsPDF, fonts: SheetFonts, stops: RunStop[], grid: readonly string[], size: number): StopRow[] {
  doc.setFontSize(size);
  // Estimated and loaded, when the plan loads another number than the order says (docs/decisions/065).
  const loads = stopLoads(stops, grid);
  return stops.map((stop, index) => {
    const shown = stopDisplay(stop, index);
    const load = loads[index]?.text ?? '';
    const text: Record<StopColumn, string> = {
      position: String(shown.position),
      title: shown.title,
      // The whole order number: the screen's last four are enough to tell stops apart there, the
      // driver on a doorstep matches it to the customer's paperwork (docs/decisions/071).
      order: stop.orderNumber.trim(),
      postcode: shown.postcode,
      trollies: shown.trollies,
      // In the wide red column beside the count: the Trollies column is too narrow for it.
      extras: [shown.extras, load].filter((text) => text !== '').join(' · '),
    };
    const cells = {} as Record<StopColumn, string[]>;
    for (const column of STOP_COLUMNS) {
      fonts.use(BOLD_COLUMNS.has(column) ? 'bold' : 'normal');
      cells[column] = wrapWords(doc, fonts.printable(text[column].trim()), COLS[NEXT[column]] - COLS[column] - 1.5);
    }
    const lines = Math.max(1, ...STOP_COLUMNS.map((column) => cells[column].length));
    return { stopIndex: index, cells, height: Math.max(BADGE_HEIGHT + 1, lines * lineHeight(size) + 2 * padding(size)) };
  });
}

function drawStops(doc: jsPDF, fonts: SheetFonts, rows: StopRow[], size: number, top: number): void {
  const x = PAGE.margin;
  fonts.use('bold');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  const headerY = top - 2;
  doc.text('#', x + COLS.position, headerY);
  doc.text('Customer', x + COLS.title, headerY);
  doc.text('Order', x + COLS.order, headerY);
  doc.text('Postcode', x + COLS.postcode, headerY);
  doc.text('Trollies', x + COLS.trollies, headerY);
  doc.text('Extras', x + COLS.extras, headerY);
  doc.setDrawColor(...BLACK);
  doc.setLineWidth(0.3);
  doc.line(x, top, x + LIST_WIDTH, top);

  doc.setFontSize(size);
  doc.setLineWidth(0.15);
  let rowTop = top;
  for (const row of rows) {
    const baseline = rowTop + padding(size) + (lineHeight(size) + CAP_HEIGHT * size * PT) / 2;
    // The drop number on the stop's colour, the key to its trolleys in the drawing.
    drawDropBadge(doc, fonts, row.stopIndex, {
      x: x + COLS.position,
      y: baseline - (CAP_HEIGHT * size * PT) / 2 - BADGE_HEIGHT / 2,
      align: 'left',
      inverse: false,
    });
    doc.setFontSize(size);
    for (const column of STOP_COLUMNS) {
      if (column === 'position') continue;
      fonts.use(BOLD_COLUMNS.has(column) ? 'bold' : 'normal');
      doc.setTextColor(...(column === 'extras' ? RED : BLACK));
      row.cells[column].forEach((line, i) => doc.text(line, x + COLS[column], baseline + i * lineHeight(size)));
    }
    rowTop += row.height;
    doc.setDrawColor(...LIGHT_LINE);
    doc.line(x, rowTop, x + LIST_WIDTH, rowTop);
  }
}

interface Area {
  x: number;
  y: number;
  bottom: number;
}

function drawVehicle(doc: jsPDF, fonts: SheetFonts, stops: readonly RunStop[], info: VehicleInfo, area: Area): void {
  const layout = vehicleLayout(info.vehicleType, info.trolleyNumber);
  const width = PAGE.width - PAGE.margin - area.x;
  if (layout.cells.length === 0) {
    fonts.use('normal');
    doc.setFontSize(10);
    doc.setTextColor(...GREY);
    doc.text('No vehicle size chosen.', area.x, area.y + 8);
    return;
  }
  // Lorry rows are at most 6 and trailers 5: size cells by the tallest layout so a small vehicle
  // is not drawn as a few giant boxes.
  const owners = cellStops(stops, info);
  const gap = 2;
  const cellHeight = Math.min(32, (area.bottom - area.y - gap * (layout.rows - 1)) / Math.max(layout.rows, 5));
  const cellWidth = (width - gap * (layout.columns - 1)) / layout.columns;
  for (const cell of layout.cells) {
    const x = area.x + cell.drawColumn * (cellWidth + gap);
    const y = area.y + cell.drawRow * (cellHeight + gap);
    const w = cell.columnSpan * cellWidth + (cell.columnSpan - 1) * gap;
    drawCell(doc, fonts, cell, info.grid[cell.index] ?? '', owners[cell.index] ?? null, { x, y, w, h: cellHeight });
  }
}

function cellCaption(cell: CellPlacement): string {
  return `Trolley ${cell.index + 1}${blockCaption(cell.block)}`;
}

function drawCell(
  doc: jsPDF,
  fonts: SheetFonts,
  cell: CellPlacement,
  label: string,
  owner: number | null,
  box: { x: number; y: number; w: number; h: number },
): void {
  // A stop's trolley in the stop's pale colour with its edge, as on screen; its drop number in a
  // badge, which still tells the trolleys apart on a black-and-white printer (docs/decisions/071).
  const swatch = owner === null ? null : stopSwatch(owner).light;
  doc.setLineWidth(cell.block === 'grid' ? 0.3 : 0.6);
  if (swatch) {
    doc.setDrawColor(...rgb(swatch.edge));
    doc.setFillColor(...rgb(swatch.fill));
    doc.roundedRect(box.x, box.y, box.w, box.h, 1.2, 1.2, 'FD');
  } else {
    doc.setDrawColor(...BLACK);
    doc.roundedRect(box.x, box.y, box.w, box.h, 1.2, 1.2, 'S');
  }
  fonts.use('normal');
  doc.setFontSize(6.5);
  doc.setTextColor(...(swatch ? rgb(swatch.text) : GREY));
  doc.text(cellCaption(cell), box.x + 1.5, box.y + 3);
  if (swatch && owner !== null) drawDropBadge(doc, fonts, owner, { x: box.x + box.w - 1.2, y: box.y + 1.2, align: 'right', inverse: true });

  const text = fonts.printable(label.trim());
  if (text === '') return;
  fonts.use('bold');
  doc.setTextColor(...(swatch ? rgb(swatch.text) : BLACK));
  // The largest size (11 pt down to 6 pt) at which the wrapped label fits in the box.
  const innerWidth = box.w - 3;
  const innerHeight = box.h - 5;
  let size = 11;
  let lines: string[] = [];
  for (; size >= 6; size -= 0.5) {
    doc.setFontSize(size);
    lines = wrapWords(doc, text, innerWidth);
    if (lines.length * size * PT * 1.15 <= innerHeight) break;
  }
  const lineHeight = size * PT * 1.15;
  const maxLines = Math.max(1, Math.floor(innerHeight / lineHeight));
  const shown =
    lines.length > maxLines ? [...lines.slice(0, maxLines - 1), fitText(doc, lines.slice(maxLines - 1).join(' '), innerWidth)] : lines;
  const firstBaseline = box.y + 4 + (innerHeight - shown.length * lineHeight) / 2 + lineHeight * 0.8;
  shown.forEach((line, i) => doc.text(line, box.x + box.w / 2, firstBaseline + i * lineHeight, { align: 'center' }));
}

/** `#rrggbb` as jsPDF's 0-255 channels. */
function rgb(hex: string): [number, number, number] {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

const BADGE_HEIGHT = 3.6;

/**
 * A stop's drop number with its top `align`ed corner at (x, y). In a cell (`inverse`) the swatch
 * turned inside out, a dark disc on the pale fill; in the list the swatch itself, the key to the
 * drawing's colours (docs/decisions/071).
 */
function drawDropBadge(
  doc: jsPDF,
  fonts: SheetFonts,
  stopIndex: number,
  at: { x: number; y: number; align: 'left' | 'right'; inverse: boolean },
): void {
  const swatch = stopSwatch(stopIndex).light;
  const text = String(stopIndex + 1);
  fonts.use('bold');
  doc.setFontSize(7.5);
  const width = Math.max(at.inverse ? BADGE_HEIGHT : BADGE_HEIGHT + 1.2, doc.getTextWidth(text) + 1.6);
  const left = at.align === 'right' ? at.x - width : at.x;
  if (at.inverse) {
    doc.setFillColor(...rgb(swatch.text));
    doc.roundedRect(left, at.y, width, BADGE_HEIGHT, BADGE_HEIGHT / 2, BADGE_HEIGHT / 2, 'F');
    doc.setTextColor(...rgb(swatch.fill));
  } else {
    doc.setFillColor(...rgb(swatch.fill));
    doc.setDrawColor(...rgb(swatch.edge));
    doc.setLineWidth(0.35);
    doc.roundedRect(left, at.y, width, BADGE_HEIGHT, 0.6, 0.6, 'FD');
    doc.setTextColor(...rgb(swatch.text));
  }
  doc.text(text, left + width / 2, at.y + BADGE_HEIGHT / 2 + (7.5 * PT * CAP_HEIGHT) / 2, { align: 'center' });
}

/** The driver's QR code's side (mm): 28 mm reads from a phone held at arm's length. */
const DRIVER_QR = 28;

function drawDriverLink(doc: jsPDF, fonts: SheetFonts, link: NonNullable<RunSheetInput['driverLink']>, area: Area): void {
  const qrX = PAGE.width - PAGE.margin - DRIVER_QR;
  drawQr(doc, link.url, qrX, area.y, DRIVER_QR);
  const textRight = qrX - 3;
  doc.setTextColor(...BLACK);
  fonts.use('bold');
  doc.setFontSize(11);
  doc.text('Driver: scan to record the drops', textRight, area.y + 6, { align: 'right' });
  fonts.use('normal');
  doc.setFontSize(9);
  doc.setTextColor(...GREY);
  doc.text('or open', textRight, area.y + 12, { align: 'right' });
  fonts.use('bold');
  doc.setFontSize(10);
  doc.setTextColor(...BLACK);
  doc.text(fonts.printable(link.shortUrl), textRight, area.y + 17, { align: 'right' });
  fonts.use('normal');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  const until = new Date(link.expires);
  if (!Number.isNaN(until.getTime())) doc.text(`Works until ${formatPrintDate(until)}`, textRight, area.y + 23, { align: 'right' });
}

function drawFooter(doc: jsPDF, fonts: SheetFonts, input: RunSheetInput): void {
  const y = PAGE.height - PAGE.margin;
  fonts.use('normal');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  doc.text(fonts.printable(creditLine(input.appUrl)), PAGE.margin, y);
  doc.text(formatPrintDate(input.today), PAGE.width / 2, y, { align: 'center' });
  const code = input.vehicleInfo.code.trim();
  if (code) doc.text(fonts.printable(`Code: ${code}`), PAGE.width - PAGE.margin, y, { align: 'right' });
}
