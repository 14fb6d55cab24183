import { jsPDF } from 'jspdf';
import type { LabelLayout, TrolleyLabel } from '#domain/labels/trolley-labels';
import { embedFonts, type PdfFonts, type SheetFonts } from '#domain/pdf/pdf-fonts';
import { BLACK, fitText, GREY, LIGHT_LINE, PT, wrapWords } from '#domain/pdf/pdf-text';
import { drawQr } from './pdf-qr';

export interface LabelsInput {
  labels: readonly TrolleyLabel[];
  layout: LabelLayout;
  /** The run's or the day's name, for the document title. */
  title: string;
  fonts: PdfFonts;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Page size (mm, portrait) and the label cells on it, for each layout. */
interface Sheet {
  width: number;
  height: number;
  columns: number;
  rows: number;
  /** Cut lines between the labels of an A4 sheet; a label printer's roll needs none. */
  cutLines: boolean;
}

const SHEETS: Record<LabelLayout, Sheet> = {
  'a4-4': { width: 210, height: 297, columns: 2, rows: 2, cutLines: true },
  'a4-8': { width: 210, height: 297, columns: 2, rows: 4, cutLines: true },
  single: { width: 100, height: 150, columns: 1, rows: 1, cutLines: false },
};

const PAD = 5;

/**
 * Trolley labels as a vector PDF (docs/decisions/041): A4 sheets of 4 or 8 labels, or one
 * 100×150 mm label a page for label printers. Text in the embedded Noto Sans subset like every
 * sheet (docs/decisions/032); the QR code is drawn as filled rectangles, so it prints sharp at any
 * resolution and adds no image to the file.
 */
export function buildTrolleyLabelsPdf(input: LabelsInput): ArrayBuffer {
  const sheet = SHEETS[input.layout];
  const format: [number, number] = [sheet.width, sheet.height];
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format, compress: true, putOnlyUsedFonts: true });
  const fonts = embedFonts(doc, input.fonts);
  doc.setProperties({ title: fonts.printable(`Trolley labels ${input.title}`.trim()), creator: 'Trolleyboard' });
  const perPage = sheet.columns * sheet.rows;
  const cellW = sheet.width / sheet.columns;
  const cellH = sheet.height / sheet.rows;
  input.labels.forEach((label, i) => {
    const slot = i % perPage;
    if (i > 0 && slot === 0) doc.addPage(format, 'portrait');
    const box = { x: (slot % sheet.columns) * cellW, y: Math.floor(slot / sheet.columns) * cellH, w: cellW, h: cellH };
    if (sheet.cutLines) {
      doc.setDrawColor(...LIGHT_LINE);
      doc.setLineWidth(0.2);
      doc.rect(box.x, box.y, box.w, box.h, 'S');
    }
    drawLabel(doc, fonts, label, box);
  });
  if (input.labels.length === 0) {
    fonts.use('normal');
    doc.setFontSize(12);
    doc.setTextColor(...GREY);
    doc.text('No trolleys to label.', PAD * 2, PAD * 4);
  }
  fonts.markSubsets();
  return doc.output('arraybuffer');
}

function drawLabel(doc: jsPDF, fonts: SheetFonts, label: TrolleyLabel, cell: Box): void {
  const inner = { x: cell.x + PAD, y: cell.y + PAD, w: cell.w - 2 * PAD, h: cell.h - 2 * PAD };
  const wide = cell.w > cell.h;
  // A wide label (8 a sheet) has the QR on the right; a tall one below the text.
  const qrSize = wide ? Math.min(inner.h, inner.w * 0.42) : Math.min(inner.w * 0.72, inner.h * 0.45);
  const text: Box = wide ? { ...inner, w: inner.w - qrSize - 3 } : { ...inner, h: inner.h - qrSize - 3 };
  const scale = wide ? 1 : 1.45;
  drawText(doc, fonts, label, text, scale);
  const qr = wide
    ? { x: inner.x + inner.w - qrSize, y: inner.y + (inner.h - qrSize) / 2 }
    : { x: inner.x + (inner.w - qrSize) / 2, y: inner.y + inner.h - qrSize };
  drawQr(doc, label.qr, qr.x, qr.y, qrSize);
}

function drawText(doc: jsPDF, fonts: SheetFonts, label: TrolleyLabel, box: Box, scale: number): void {
  let y = box.y;
  const line = (size: number, weight: 'normal' | 'bold', value: string, colour = BLACK) => {
    fonts.use(weight);
    doc.setFontSize(size * scale);
    doc.setTextColor(...colour);
    y += size * scale * PT * 1.0;
    doc.text(fitText(doc, fonts.printable(value), box.w), box.x, y);
    y += size * scale * PT * 0.25;
  };
  // The customer wraps to two lines at most; a longer name ends with "...".
  fonts.use('bold');
  const size = 14;
  doc.setFontSize(size * scale);
  const words = wrapWords(doc, fonts.printable(label.customer) || '-', box.w);
  const shown = words.length > 2 ? [words[0]!, fitText(doc, words.slice(1).join(' '), box.w)] : words;
  for (const part of shown) line(size, 'bold', part);
  if (label.postcode) line(12, 'bold', label.postcode);
  if (label.orderNumber) line(10, 'normal', `Order ${label.orderNumber}`);
  y += 1.5 * scale;
  if (label.drop !== null) line(15, 'bold', `Drop ${label.drop}`);
  line(15, 'bold', `Trolley ${label.n} of ${label.total}`);
  line(9, 'normal', label.date, GREY);
}
