import type { PickSheetTone } from '#domain/orders/pick-sheet-tone';
import type { PdfFonts } from '#domain/pdf/pdf-fonts';

// What the day sheets print (day-sheets-pdf.ts), without the PDF code: screens import these
// while jsPDF loads only when someone prints (docs/decisions/022).

export const EXTRAS = ['Green', 'Yellow', 'Shelves'] as const;
export type Extra = (typeof EXTRAS)[number];

/** One order line, already chosen and sorted by the screen. */
export interface SheetRow {
  title: string;
  /** As typed; the sheet upper-cases it. */
  postcode: string;
  /** '' prints nothing. */
  orderNumber: string;
  trollies: string;
  /** The order's notes; may span lines. */
  notes: string;
  /** From `pickSheetTone(customerType)` (retail blue, other red, missed magenta, wholesale default). */
  tone: PickSheetTone;
  /** The extras ticked on screen: their boxes print ticked. */
  ticked: readonly Extra[];
}

/** A pick sheet lists what to pull for delivery; a collect sheet what customers fetch themselves. */
export type SheetKind = 'pick' | 'collect';

/** One day's sheet: it starts on a page of its own and continues on more when it must. */
export interface DaySheet {
  kind: SheetKind;
  /** The day with its month, e.g. "Tuesday 24 November 2026" (`sheetDateLabel`). */
  date: string;
  /** "Tuesday", for the line an empty day prints. */
  dayLabel: string;
  week: number;
  rows: SheetRow[];
}

/** The optional columns, chosen on the pick-sheet page. */
export interface SheetColumns {
  extras: boolean;
  trollies: boolean;
  notes: boolean;
}

export interface DaySheetsInput {
  /** The document's title as viewers show it, e.g. "Pick sheet Tuesday 24 November 2026". */
  title: string;
  sheets: DaySheet[];
  columns: SheetColumns;
  /** The moment of printing, for the footer date. */
  today: Date;
  /** The app's public address, for the footer credit. */
  appUrl: string;
  fonts: PdfFonts;
}
