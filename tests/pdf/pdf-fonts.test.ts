import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { PDF_FONT_DIR, subsetPdfFonts } from '../../scripts/subset-pdf-fonts';
import { PDF_FONT_RANGES } from '../../src/web/lib/pdf/pdf-font-ranges';
import { embedFonts, printableWith } from '../../src/domain/pdf/pdf-fonts';
import { pdfFonts } from '../support/pdf-fonts';

// The font the sheets embed (docs/decisions/032): the committed files are what
// `npm run fonts:pdf` makes from the font package, they print what the ranges promise, and the
// licence travels with them.

describe('the sheets’ font files', () => {
  it('are exactly what `npm run fonts:pdf` makes from Noto Sans', async () => {
    for (const { file, bytes } of await subsetPdfFonts()) {
      expect(readFileSync(path.join(PDF_FONT_DIR, file)).equals(bytes), `${file} is stale: run npm run fonts:pdf`).toBe(true);
    }
  });

  it('have a glyph for every letter of Latin, Welsh, Polish, Greek and Cyrillic names', () => {
    const fonts = embedFonts(new jsPDF(), pdfFonts);
    const sample = 'Łódź Ynys Môn Ŵŷẁẃẅỳ Zażółć gęślą jaźń Șțăî Čeština Ærø Straße Κήπος Αθηνών Садовый центр Їжак № € – “” …';
    expect(fonts.printable(sample)).toBe(sample);
  });

  it('are small: Latin, Greek and Cyrillic only, without hinting', () => {
    for (const bytes of [pdfFonts.regular, pdfFonts.bold]) expect(bytes.byteLength).toBeLessThan(150_000);
    expect(PDF_FONT_RANGES.every(([first, last]) => first <= last)).toBe(true);
  });

  it('come with their licence, the SIL Open Font License', () => {
    expect(readFileSync(path.join(PDF_FONT_DIR, 'OFL.txt'), 'utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
  });
});

describe('printableWith', () => {
  const latinOnly = (code: number) => code < 0x250;

  it('keeps what the font has, composes accents and replaces the rest with "?"', () => {
    expect(printableWith(latinOnly, 'Łódź')).toBe('Łódź');
    expect(printableWith(() => true, 'Ynys Mo\u0302n')).toBe('Ynys Môn');
    expect(printableWith(latinOnly, 'Κήπος 🌱 Ltd')).toBe('????? ? Ltd');
    expect(printableWith(() => true, 'a\tb\nc')).toBe('a b c');
  });
});
