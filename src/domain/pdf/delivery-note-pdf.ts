import { jsPDF } from 'jspdf';
import { COUNT_LABELS } from '#domain/collections/trolley-movements';
import { COUNTS, type Balance } from '#domain/ledger/balance';
import { countsInWords } from '#domain/ledger/count-words';
import { longDate } from '#domain/ledger/iso-dates';
import { plannedDeliveredLine } from '#domain/runs/drops';
import { embedFonts, type PdfFonts, type SheetFonts } from './pdf-fonts';
import { BLACK, creditLine, formatPrintDate, GREY, LIGHT_LINE, PT, RED, wrapWords } from './pdf-text';

export interface DeliveryNoteInput {
  nursery: string;
  run: { name: string; /** yyyy-mm-dd */ date: string };
  /** The drop's place on the run (first drop 1) and how many drops it has. */
  dropNumber: number;
  dropCount: number;
  customer: string;
  postcode: string;
  /** What the lorry left there (the run's booking) and what the driver collected (the drop's counts back). */
  left: Balance;
  back: Balance;
  /** The trolleys the stop's order planned (its estimate); the note says so when `left` differs. */
  planned?: number;
  outcome: 'delivered' | 'not_delivered';
  reason: string;
  receivedBy: string;
  /** ISO time the drop was recorded. */
  recordedAt: string;
  /** The signature drawn on the driver's phone, as PNG bytes; a box to sign on paper when absent. */
  signaturePng?: Uint8Array;
  /** The moment of printing, for the footer date. */
  today: Date;
  appUrl: string;
  fonts: PdfFonts;
  /** The time zone of the times shown; the device's own when absent (tests fix it). */
  timeZone?: string;
}

const PAGE = { width: 210, height: 297, margin: 14 } as const;
const RIGHT = PAGE.width - PAGE.margin;

/** "10:42" and "Tue 24 Nov 2026" of an ISO time, in `timeZone`. */
export function dropTime(iso: string, timeZone?: string): { time: string; day: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { time: '', day: '' };
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(at);
  const parts = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { time, day: longDate(`${part('year')}-${part('month')}-${part('day')}`) };
}

/**
 * One drop's delivery note as a vector PDF in the sheets' style (docs/decisions/022, 032, 042):
 * portrait A4 with the customer and postcode, the run, its date and the drop's number, what was
 * left and what was collected, who received it and when, and the signature (or a box to sign) — or,
 * for a drop not delivered, why not.
 */
export function buildDeliveryNotePdf(input: DeliveryNoteInput): ArrayBuffer {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  const fonts = embedFonts(doc, input.fonts);
  doc.setProperties({ title: fonts.printable(`Delivery note ${input.customer} ${input.run.date}`), creator: 'Trolleyboard' });
  let y = PAGE.margin + 8;

  fonts.use('bold');
  doc.setFontSize(20);
  doc.setTextColor(...BLACK);
  doc.text('Delivery note', PAGE.margin, y);
  fonts.use('normal');
  doc.setFontSize(10);
  doc.setTextColor(...GREY);
  if (input.nursery) doc.text(fonts.printable(input.nursery), RIGHT, y, { align: 'right' });

  y += 14;
  fonts.use('bold');
  doc.setFontSize(16);
  doc.setTextColor(...BLACK);
  for (const line of wrapWords(doc, fonts.printable(input.customer), RIGHT - PAGE.margin)) {
    doc.text(line, PAGE.margin, y);
    y += 16 * PT * 1.2;
  }
  fonts.use('normal');
  doc.setFontSize(12);
  if (input.postcode) {
    doc.text(fonts.printable(input.postcode), PAGE.margin, y);
    y += 12 * PT * 1.4;
  }
  doc.setTextColor(...GREY);
  const runDay = input.run.date ? longDate(input.run.date) : '';
  const runLine = [`Run ${input.run.name}`, runDay, `Drop ${input.dropNumber} of ${input.dropCount}`].filter(Boolean).join(' · ');
  doc.text(fonts.printable(runLine), PAGE.margin, y);

  y += 12;
  y = drawCounts(doc, fonts, input, y);
  // What the driver collected, in words as well as in the table (docs/decisions/079).
  if (input.outcome === 'delivered') {
    y += 7;
    fonts.use('bold');
    doc.setFontSize(12);
    doc.setTextColor(...BLACK);
    doc.text(fonts.printable(collectedLine(input.back)), PAGE.margin, y);
  }
  const differs = input.planned === undefined ? '' : plannedDeliveredLine(input.planned, input.left.trolleys, input.back.trolleys);
  if (differs) {
    y += 7;
    fonts.use('bold');
    doc.setFontSize(11);
    doc.setTextColor(...RED);
    doc.text(fonts.printable(differs), PAGE.margin, y);
  }

  y += 12;
  const at = dropTime(input.recordedAt, input.timeZone);
  const when = [at.time, at.day].filter(Boolean).join(', ');
  doc.setFontSize(13);
  if (input.outcome === 'not_delivered') {
    fonts.use('bold');
    doc.setTextColor(...RED);
    for (const line of wrapWords(doc, fonts.printable(`Not delivered: ${input.reason}`), RIGHT - PAGE.margin)) {
      doc.text(line, PAGE.margin, y);
      y += 13 * PT * 1.3;
    }
    fonts.use('normal');
    doc.setFontSize(11);
    doc.setTextColor(...GREY);
    if (when) doc.text(`Recorded at ${when}`, PAGE.margin, y);
  } else {
    fonts.use('bold');
    doc.setTextColor(...BLACK);
    doc.text(when ? `Delivered at ${when}` : 'Delivered', PAGE.margin, y);
    y += 10;
    fonts.use('normal');
    doc.setFontSize(11);
    doc.setTextColor(...GREY);
    doc.text('Received by', PAGE.margin, y);
    doc.setTextColor(...BLACK);
    doc.setFontSize(13);
    doc.text(fonts.printable(input.receivedBy || '—'), PAGE.margin + 30, y);
    y += 8;
    drawSignature(doc, input.signaturePng, y);
  }

  fonts.use('normal');
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  doc.text(fonts.printable(creditLine(input.appUrl)), PAGE.margin, PAGE.height - PAGE.margin);
  doc.text(formatPrintDate(input.today), RIGHT, PAGE.height - PAGE.margin, { align: 'right' });
  fonts.markSubsets();
  return doc.output('arraybuffer');
}

/** "Collected: 5 trolleys, 1 shelf", or "Collected: nothing". */
export function collectedLine(back: Readonly<Balance>): string {
  return `Collected: ${countsInWords(back) || 'nothing'}`;
}

/** Left and collected, one row each, a column per count. */
function drawCounts(doc: jsPDF, fonts: SheetFonts, input: DeliveryNoteInput, top: number): number {
  const labelWidth = 40;
  const width = (RIGHT - PAGE.margin - labelWidth) / COUNTS.length;
  const x = (i: number) => PAGE.margin + labelWidth + (i + 1) * width - 3;
  fonts.use('bold');
  doc.setFontSize(10);
  doc.setTextColor(...BLACK);
  COUNTS.forEach((count, i) => doc.text(COUNT_LABELS[count], x(i), top, { align: 'right' }));
  doc.setDrawColor(...BLACK);
  doc.setLineWidth(0.4);
  doc.line(PAGE.margin, top + 2, RIGHT, top + 2);
  let y = top + 2;
  for (const [label, counts] of [
    ['Left', input.left],
    ['Collected', input.back],
  ] as const) {
    y += 9;
    fonts.use('bold');
    doc.setFontSize(12);
    doc.text(label, PAGE.margin + 1, y);
    fonts.use('normal');
    COUNTS.forEach((count, i) => doc.text(String(counts[count]), x(i), y, { align: 'right' }));
    doc.setDrawColor(...LIGHT_LINE);
    doc.setLineWidth(0.15);
    doc.line(PAGE.margin, y + 3, RIGHT, y + 3);
  }
  return y + 3;
}

/** The signature drawn on the phone, fitted into a 90 × 35 mm box; the empty box to sign on paper without one. */
function drawSignature(doc: jsPDF, png: Uint8Array | undefined, top: number): void {
  const box = { x: PAGE.margin, y: top, width: 90, height: 35 };
  doc.setDrawColor(...LIGHT_LINE);
  doc.setLineWidth(0.3);
  doc.rect(box.x, box.y, box.width, box.height);
  doc.setFontSize(8);
  doc.setTextColor(...GREY);
  doc.text('Signature', box.x + 1.5, box.y + box.height + 4);
  if (!png || png.length === 0) return;
  const props = doc.getImageProperties(png);
  const scale = Math.min((box.width - 4) / props.width, (box.height - 4) / props.height);
  const [w, h] = [props.width * scale, props.height * scale];
  doc.addImage(png, 'PNG', box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h);
}
