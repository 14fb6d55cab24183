// `npm run bench:pdf`: the size of the PDFs staff print and of the font files a browser fetches
// the first time someone prints (after `vite build` for the latter; see bench/lib/pdf-size.ts).
// Over budget prints a clear line but exits 0: it is a measurement, not a gate.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { fontAssets, measurePdfs, PICK_SHEET_60_BUDGET_KB } from './lib/pdf-size';

const sizes = measurePdfs();
const fmt = (kb: number) => `${kb.toFixed(1).padStart(7)} kB`;
console.log('PDFs, with the embedded font (bytes as downloaded):');
console.log(`  ${fmt(sizes.pickSheet60Kb)}  pick_sheet_60_orders_kb (every column, ${sizes.pickSheet60Pages} page)`);
console.log(`  ${fmt(sizes.weekSheetsKb)}  week of pick sheets, 6 days x 40 orders`);
console.log(`  ${fmt(sizes.runSheet24Kb)}  run sheet, 24 stops on a 24T lorry`);

const dist = join(process.cwd(), 'dist', 'web');
if (existsSync(join(dist, 'assets'))) {
  console.log('\nFont files fetched on the first print (raw / gzip / brotli, the server sends brotli or gzip):');
  const fonts = fontAssets(dist);
  for (const font of fonts) console.log(`  ${fmt(font.kb)} ${fmt(font.kbGzip)} ${fmt(font.kbBrotli)}  ${font.file}`);
  const total = fonts.reduce((sum, f) => sum + f.kbBrotli, 0);
  console.log(`  pdf_fonts_kb_brotli = ${total.toFixed(1)}`);
} else console.log('\n(no dist/web: run `npx vite build` to measure the font files)');

console.log(
  sizes.pickSheet60Kb > PICK_SHEET_60_BUDGET_KB
    ? `\nOVER BUDGET: a 60-order pick sheet is ${sizes.pickSheet60Kb.toFixed(1)} kB; the budget is ${PICK_SHEET_60_BUDGET_KB} kB.`
    : `\n60-order pick sheet: ${sizes.pickSheet60Kb.toFixed(1)} kB of ${PICK_SHEET_60_BUDGET_KB} kB.`,
);
