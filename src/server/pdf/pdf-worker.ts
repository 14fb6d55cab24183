// The PDF worker's program (docs/decisions/080): jsPDF, the drawings and the fonts load in this
// thread only, so the server's main thread never holds them; pdf-drawer.ts starts it when a mail
// needs a PDF and ends it when it has been idle a while. Built on its own by scripts/server-build.ts
// to dist/server/pdf/pdf-worker.js; from source, the drawer starts this file under tsx.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { buildDeliveryNotePdf } from '#domain/pdf/delivery-note-pdf';
import type { PdfFonts } from '#domain/pdf/pdf-fonts';
import { buildStatementPdf } from '#domain/pdf/statement-pdf';
import type { PdfJob, PdfReply } from './pdf-jobs';

// The font files the web build serves to browsers (docs/decisions/032). This file sits three
// folders below the repository, whether it runs from src/server/pdf or dist/server/pdf.
const FONT_DIR = new URL('../../../src/web/lib/pdf/fonts/', import.meta.url);

let fonts: PdfFonts | null = null;
const loadFonts = (): PdfFonts =>
  (fonts ??= {
    regular: new Uint8Array(readFileSync(new URL('noto-sans-regular.ttf', FONT_DIR))),
    bold: new Uint8Array(readFileSync(new URL('noto-sans-bold.ttf', FONT_DIR))),
  });

function draw(job: PdfJob): ArrayBuffer {
  if (job.kind === 'deliveryNote') return buildDeliveryNotePdf({ ...job.input, fonts: loadFonts() });
  return buildStatementPdf({ ...job.input, fonts: loadFonts() });
}

parentPort?.on('message', ({ id, job }: { id: number; job: PdfJob }) => {
  let reply: PdfReply;
  try {
    reply = { id, ok: true, bytes: new Uint8Array(draw(job)) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
});
