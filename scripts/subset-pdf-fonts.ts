// `npm run fonts:pdf`: cuts Noto Sans Regular and Bold (SIL Open Font License 1.1, from the
// @expo-google-fonts/noto-sans package) down to the characters of PDF_FONT_RANGES and writes them
// to src/web/lib/pdf/fonts/, where the sheets' PDF code loads them when someone prints
// (docs/decisions/032). The files are committed, so a build needs neither package; run this after
// changing the ranges or the font package. tests/pdf/pdf-fonts.test.ts fails while the committed
// files differ from what this makes.
//
// Kept: outlines and metrics of those characters. Dropped: hinting (printers and PDF viewers do
// without it) and the OpenType layout tables (jsPDF places glyphs one by one and never reads them).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { PDF_FONT_RANGES } from '../src/web/lib/pdf/pdf-font-ranges';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PDF_FONT_DIR = path.join(ROOT, 'src', 'web', 'lib', 'pdf', 'fonts');

/** Source font file in the package -> committed file name. */
const FONTS = [
  { source: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', file: 'noto-sans-regular.ttf' },
  { source: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf', file: 'noto-sans-bold.ttf' },
] as const;

function rangeText(): string {
  let text = '';
  for (const [first, last] of PDF_FONT_RANGES) for (let code = first; code <= last; code += 1) text += String.fromCodePoint(code);
  return text;
}

/** The subset fonts as they should be committed: file name and bytes. */
export async function subsetPdfFonts(): Promise<{ file: string; bytes: Buffer }[]> {
  const text = rangeText();
  return Promise.all(
    FONTS.map(async ({ source, file }) => ({
      file,
      bytes: await subsetFont(readFileSync(require.resolve(source)), text, {
        targetFormat: 'sfnt',
        noHinting: true,
        keepFeatures: [],
        dropTables: ['GDEF', 'GSUB', 'GPOS', 'gasp', 'DSIG', 'STAT', 'meta'],
      }),
    })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { file, bytes } of await subsetPdfFonts()) {
    writeFileSync(path.join(PDF_FONT_DIR, file), bytes);
    console.log(`${file}: ${(bytes.length / 1000).toFixed(1)} kB`);
  }
}
