// The sheets' embedded font as the browser gets it: the committed subset files (docs/decisions/032).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfFonts } from '../../src/domain/pdf/pdf-fonts';

const dir = fileURLToPath(new URL('../../src/web/lib/pdf/fonts/', import.meta.url));

export const pdfFonts: PdfFonts = {
  regular: new Uint8Array(readFileSync(path.join(dir, 'noto-sans-regular.ttf'))),
  bold: new Uint8Array(readFileSync(path.join(dir, 'noto-sans-bold.ttf'))),
};
