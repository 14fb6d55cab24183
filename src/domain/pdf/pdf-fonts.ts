import type { jsPDF } from 'jspdf';

/**
 * The sheets' font, Noto Sans, as TrueType bytes in its two weights (docs/decisions/032). The
 * browser fetches them only when someone prints (load-pdf-fonts.ts); tests read the same files.
 */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export type Weight = 'normal' | 'bold';

/** The part of jsPDF's parsed TrueType font the sheets read (jsPDF types it as `any`). */
interface TrueTypeMetadata {
  characterToGlyph(code: number): number;
  glyIdsUsed: number[];
}

const POSTSCRIPT_NAMES: Record<Weight, string> = { normal: 'NotoSans-Regular', bold: 'NotoSans-Bold' };

/** A document with the font embedded: set a weight, make text printable, finish the font names. */
export interface SheetFonts {
  use(weight: Weight): void;
  /** Text as the font can print it: see `printableWith`. */
  printable(text: string): string;
  /** Names each embedded font as a subset; call just before `doc.output()`. */
  markSubsets(): void;
}

/**
 * Embeds both weights with Identity-H encoding: jsPDF then writes into the PDF only the glyphs
 * the document uses (its own subsetting), with a ToUnicode map so the text stays selectable and
 * searchable. Starts in the regular weight.
 */
export function embedFonts(doc: jsPDF, fonts: PdfFonts): SheetFonts {
  const embedded = (['bold', 'normal'] as const).map((weight) => {
    const file = `${POSTSCRIPT_NAMES[weight]}.ttf`;
    doc.addFileToVFS(file, binaryString(weight === 'bold' ? fonts.bold : fonts.regular));
    doc.addFont(file, POSTSCRIPT_NAMES[weight], 'normal', 'normal', 'Identity-H');
    doc.setFont(POSTSCRIPT_NAMES[weight], 'normal');
    return { weight, font: doc.getFont() };
  });
  const regular = embedded[1]!.font.metadata as TrueTypeMetadata;
  return {
    use: (weight) => doc.setFont(POSTSCRIPT_NAMES[weight], 'normal'),
    printable: (text) => printableWith((code) => regular.characterToGlyph(code) !== 0, text),
    markSubsets() {
      for (const { weight, font } of embedded) {
        const used = (font.metadata as TrueTypeMetadata).glyIdsUsed;
        // A subset font's name starts with a six-letter tag and "+" (PDF 1.7, 9.6.4), which tells
        // viewers, printers and pdffonts that only some glyphs are inside. jsPDF writes the name
        // when the document is output, so it can be set now that every glyph is known.
        font.fontName = `${subsetTag(used)}+${POSTSCRIPT_NAMES[weight]}`;
      }
    },
  };
}

/**
 * Text as the font can print it. Letters that compose are composed (a "w" typed with a separate
 * circumflex prints as the one letter "ŵ"); a character the font lacks (emoji, scripts beyond
 * Latin, Greek and Cyrillic) becomes "?", so the rest of the line stays readable: jsPDF would
 * drop everything after it. Control characters never reach a sheet (the server refuses them,
 * docs/decisions/010); tabs and line breaks become spaces.
 */
export function printableWith(covered: (code: number) => boolean, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0x09 || code === 0x0a || code === 0x0d) out += ' ';
    else out += code <= 0xffff && covered(code) ? ch : '?';
  }
  return out;
}

/** Six capital letters that depend only on the glyphs used, so a document is built the same each time. */
function subsetTag(glyphIds: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const id of [...new Set(glyphIds)].sort((a, b) => a - b)) {
    hash ^= id;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i += 1) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26);
  }
  return tag;
}

/** jsPDF's virtual file system takes a font as a binary string (one character per byte). */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x2000) text += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return text;
}
