import type { DeliveryNoteInput } from '#domain/pdf/delivery-note-pdf';
import type { StatementPdfInput } from '#domain/pdf/statement-pdf';

// What the main thread asks the PDF worker to draw (docs/decisions/080): the drawings' own inputs
// without the fonts, which the worker reads once from the files the web build serves.

export type PdfJob =
  { kind: 'deliveryNote'; input: Omit<DeliveryNoteInput, 'fonts'> } | { kind: 'statement'; input: Omit<StatementPdfInput, 'fonts'> };

export type PdfReply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
