import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPdf } from '../../../tests/support/pdf-tools';
import { PdfDrawer } from './pdf-drawer';

// The PDF worker (docs/decisions/080): a real thread, started by the first drawing and gone once
// it has been idle, so an idle server holds neither it nor jsPDF and the fonts.

const note = {
  kind: 'deliveryNote' as const,
  input: {
    nursery: 'Hillside Nurseries',
    run: { name: 'North', date: '2026-11-24' },
    dropNumber: 2,
    dropCount: 3,
    customer: 'Łódź Ogrody',
    postcode: 'SY23 1AA',
    left: { trolleys: 5, shelves: 2, extensions: 0 },
    back: { trolleys: 3, shelves: 0, extensions: 1 },
    outcome: 'delivered' as const,
    reason: '',
    receivedBy: 'Gwenllïan',
    recordedAt: '2026-11-24T10:42:00.000Z',
    today: new Date('2026-11-24T12:00:00.000Z'),
    appUrl: 'https://board.nursery.test',
    timeZone: 'Europe/London',
  },
};

describe('the PDF drawer', () => {
  let drawer: PdfDrawer | null = null;
  afterEach(async () => drawer?.close());

  it('starts a worker for a drawing and ends it once idle', async () => {
    drawer = new PdfDrawer({ idleMs: 200 });
    expect(drawer.running).toBe(false);
    const pdf = readPdf(await drawer.draw(note));
    expect(pdf.text).toContain('Łódź Ogrody SY23 1AA Run North · Tue 24 Nov 2026 · Drop 2 of 3');
    expect(pdf.text).toContain('Received by Gwenllïan');
    expect(drawer.running).toBe(true);
    await vi.waitFor(() => expect(drawer?.running).toBe(false), { timeout: 5_000 });
    // A later drawing starts it again.
    expect(readPdf(await drawer.draw(note)).pages).toBe(1);
  });

  it('fails a drawing past its time limit, and ends its worker', async () => {
    drawer = new PdfDrawer({ timeLimitMs: 1 });
    await expect(drawer.draw(note)).rejects.toThrow('The PDF was not drawn within 1 ms.');
    expect(drawer.running).toBe(false);
  });
});
