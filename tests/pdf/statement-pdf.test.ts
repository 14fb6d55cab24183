import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementMovement } from '../../src/domain/ledger/statement';
import { buildStatementPdf } from '../../src/domain/pdf/statement-pdf';
import { pdfFonts } from '../support/pdf-fonts';
import { A4_POINTS, readFonts, readPdf } from '../support/pdf-tools';

// A customer's statement PDF read back with poppler, as a printer or a viewer would (docs/decisions/040).

function movements(count: number): StatementMovement[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    kind: i % 3 === 2 ? 'in' : 'out',
    reason: '',
    date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
    trolleys: 2,
    shelves: i % 2,
    extensions: 0,
    note: i === 0 ? 'Left at the back gate beside the potting shed, as agreed with the manager on the phone' : '',
    created: `2026-11-01 00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
  }));
}

const build = (count: number, name = 'Κήπος Αθηνών') =>
  readPdf(
    buildStatementPdf({
      statement: buildStatement(movements(count), '2026-11-01', '2026-11-30'),
      customerName: name,
      poolAccount: 'CC-4411',
      nurseryName: 'Hillside Nursery',
      today: new Date(2026, 11, 1, 9, 0),
      appUrl: 'http://yard.nursery.test',
      fonts: pdfFonts,
    }),
  );

describe('the statement PDF', () => {
  it('is A4 portrait text in the embedded font: the customer, the period, the balances', () => {
    const pdf = build(6);
    expect(pdf.pages).toBe(1);
    expect([pdf.width, pdf.height]).toEqual([A4_POINTS.short, A4_POINTS.long]);
    expect(pdf.rawText).toContain('Κήπος Αθηνών');
    expect(pdf.rawText).toContain('Sun 1 Nov 2026 to Mon 30 Nov 2026 · Pool account CC-4411');
    expect(pdf.rawText).toContain('Trolley statement · Hillside Nursery');
    expect(pdf.rawText).toMatch(/Opening balance 0 \/ 0 \/ 0/);
    expect(pdf.rawText).toContain('Left at the back gate beside the potting shed');
    expect(pdf.rawText).toMatch(/Closing balance 4 \/ 1 \/ 0/);
    expect(pdf.rawText).toContain('Holds 4 trolleys, 1 shelf, 0 extensions');
    expect(
      readFonts(
        buildStatementPdf({
          statement: buildStatement([], '2026-11-01', '2026-11-30'),
          customerName: 'A',
          poolAccount: '',
          nurseryName: '',
          today: new Date(),
          appUrl: '',
          fonts: pdfFonts,
        }),
      ).every((font) => font.embedded),
    ).toBe(true);
  });

  it('continues a long statement on further pages with the header repeated', () => {
    const pdf = build(120);
    expect(pdf.pages).toBeGreaterThan(1);
    pdf.pageTexts.forEach((text, page) => {
      expect(text).toContain('Κήπος Αθηνών');
      expect(text).toContain(`page ${page + 1} of ${pdf.pages}`);
    });
    expect(pdf.pageTexts.at(-1)).toMatch(/Closing balance/);
  });

  it('never heads a negative balance as held: more back than booked out says so (docs/decisions/065)', () => {
    const back: StatementMovement = { ...movements(1)[0]!, id: 'back', kind: 'in', trolleys: 9, shelves: 0, note: '' };
    const out: StatementMovement = { ...back, id: 'out', kind: 'out', trolleys: 2, date: '2026-11-01' };
    const pdf = readPdf(
      buildStatementPdf({
        statement: buildStatement([out, { ...back, date: '2026-11-02' }], '2026-11-01', '2026-11-30'),
        customerName: 'Hillside Garden Centre',
        poolAccount: '',
        nurseryName: 'Hillside Nursery',
        today: new Date(2026, 11, 1, 9, 0),
        appUrl: 'http://yard.nursery.test',
        fonts: pdfFonts,
      }),
    );
    expect(pdf.rawText).toContain('Returned 7 more trolleys than we had booked out');
    expect(pdf.rawText).not.toContain('Holds');
  });
});
