import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDeliveryNotePdf, type DeliveryNoteInput } from '../../src/domain/pdf/delivery-note-pdf';
import { pdfFonts } from '../support/pdf-fonts';
import { A4_POINTS, readFonts, readPdf } from '../support/pdf-tools';

// A drop's delivery note read back with poppler, as a printer or a viewer would (docs/decisions/042).

/** A 40 × 12 grey-scale PNG with a wavy line: a signature as the driver's phone sends it. */
const SIGNATURE = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACgAAAAMCAAAAAA1qKCRAAAANUlEQVR42mP4TyRgoL1CBgggpJABDrAYgE0ZmlpUAZwcBiwAp+kgKZzuQpFgwONRFAdQP8AB59dmqMNfKN4AAAAASUVORK5CYII=',
    'base64',
  ),
);

const note = (extra: Partial<DeliveryNoteInput> = {}): DeliveryNoteInput => ({
  nursery: 'Hillside Nursery',
  run: { name: 'Tuesday north', date: '2026-11-24' },
  dropNumber: 2,
  dropCount: 5,
  customer: 'Κήπος Αθηνών Garden Centre',
  postcode: 'AB1 2CD',
  left: { trolleys: 3, shelves: 6, extensions: 1 },
  back: { trolleys: 2, shelves: 0, extensions: 4 },
  outcome: 'delivered',
  reason: '',
  receivedBy: 'Jo Green',
  recordedAt: '2026-11-24T10:42:00.000Z',
  today: new Date(2026, 10, 24, 12, 0),
  appUrl: 'http://yard.nursery.test',
  fonts: pdfFonts,
  timeZone: 'UTC',
  ...extra,
});

/** The images of a PDF as `pdfimages -list` lists them: [width, height]. */
function images(bytes: ArrayBuffer): Array<[number, number]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-note-'));
  try {
    const file = path.join(dir, 'note.pdf');
    fs.writeFileSync(file, Buffer.from(bytes));
    const lines = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    return lines.map((line) => {
      const cells = line.trim().split(/\s+/);
      return [Number(cells[3]), Number(cells[4])];
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the delivery note PDF', () => {
  it('is one A4 page of text in the embedded font: customer, run, drop, what was left and came back, who and when', () => {
    const bytes = buildDeliveryNotePdf(note());
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect([pdf.width, pdf.height]).toEqual([A4_POINTS.short, A4_POINTS.long]);
    expect(pdf.rawText).toContain('Delivery note');
    expect(pdf.rawText).toContain('Hillside Nursery');
    expect(pdf.rawText).toContain('Κήπος Αθηνών Garden Centre');
    expect(pdf.rawText).toContain('AB1 2CD');
    expect(pdf.rawText).toContain('Run Tuesday north · Tue 24 Nov 2026 · Drop 2 of 5');
    expect(pdf.rawText).toMatch(/Trolleys\s+Shelves\s+Extensions/);
    expect(pdf.rawText).toMatch(/Left\s+3\s+6\s+1/);
    expect(pdf.rawText).toMatch(/Collected\s+2\s+0\s+4/);
    // What the driver collected, in words too (docs/decisions/079).
    expect(pdf.rawText).toContain('Collected: 2 trolleys, 4 extensions');
    expect(pdf.rawText).toContain('Delivered at 10:42, Tue 24 Nov 2026');
    expect(pdf.rawText).toMatch(/Received by\s+Jo Green/);
    expect(pdf.rawText).toContain('Signature');
    expect(readFonts(bytes).every((font) => font.embedded)).toBe(true);
    // No signature sent: an empty box to sign on paper, no image.
    expect(images(bytes)).toEqual([]);
  });

  it('says "Collected: nothing" when the driver collected nothing', () => {
    const pdf = readPdf(buildDeliveryNotePdf(note({ back: { trolleys: 0, shelves: 0, extensions: 0 } })));
    expect(pdf.rawText).toContain('Collected: nothing');
  });

  it('carries the signature the driver drew, as an image', () => {
    const bytes = buildDeliveryNotePdf(note({ signaturePng: SIGNATURE }));
    expect(images(bytes)).toEqual([[40, 12]]);
    expect(readPdf(bytes).rawText).toMatch(/Received by\s+Jo Green/);
  });

  it('says why a drop was not delivered, and nobody received it', () => {
    const pdf = readPdf(buildDeliveryNotePdf(note({ outcome: 'not_delivered', reason: 'Closed, nobody on site', receivedBy: '' })));
    expect(pdf.rawText).toContain('Not delivered: Closed, nobody on site');
    expect(pdf.rawText).toContain('Recorded at 10:42, Tue 24 Nov 2026');
    expect(pdf.rawText).not.toContain('Received by');
  });

  it('says so when the trolleys left differ from the plan, and not when they agree (docs/decisions/065)', () => {
    const differs = readPdf(buildDeliveryNotePdf(note({ planned: 4, left: { trolleys: 3, shelves: 0, extensions: 0 } })));
    expect(differs.text).toContain('Planned 4 trolleys · delivered 3 · 2 back');
    const agrees = readPdf(buildDeliveryNotePdf(note({ planned: 3 })));
    expect(agrees.text).not.toContain('Planned');
  });
});
