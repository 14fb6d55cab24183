// Bundle benchmark (run by `npm run bench:bundle`, after `vite build`). Prints, in kB gzip, from
// bench/lib/bundle.ts (the same measure `npm run bench` writes to results.json):
// - the JavaScript the board loads before first paint (budget 60 kB, docs/decisions/074);
// - what it adds until the week's orders are on screen: a `board-data` chunk and its static
//   imports, if the build has one (budget 60 kB in all, issue 32, docs/decisions/074);
// - every other lazily loaded chunk, marking the PDF code (it must load only on Print, docs/decisions/022);
// - the font files the PDF code fetches on the first print (docs/decisions/032), not JavaScript.
// Over budget prints a clear line but exits 0: it is a measurement; the gate is
// scripts/check-bundle-budget.ts, which `npm test` runs after its build.
import { join } from 'node:path';
import { budgetVerdicts, FIRST_PAINT_BUDGET_KB, measureBundle, ORDERS_VISIBLE_BUDGET_KB, verdictLine, type Chunk } from './lib/bundle';
import { fontAssets } from './lib/pdf-size';

let report;
try {
  report = measureBundle(join(process.cwd(), 'dist', 'web'));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const fmt = (kb: number) => `${kb.toFixed(2).padStart(8)} kB`;
const line = (chunk: Chunk) => `  ${fmt(chunk.kbGzip)}  ${chunk.file}${chunk.hasPdfCode ? '  (PDF code)' : ''}`;
const bySize = (chunks: Chunk[]) => [...chunks].sort((a, b) => b.kbGzip - a.kbGzip);

console.log('Board route, JavaScript loaded before first paint (gzip):');
for (const chunk of report.firstPaint) console.log(line(chunk));
console.log(`  ${fmt(report.firstPaintKb)}  TOTAL (budget ${FIRST_PAINT_BUDGET_KB} kB)`);

console.log("\nBoard route, JavaScript added until the week's orders are on screen (gzip):");
if (report.ordersVisible.length === 0) console.log('  (none: the first load carries the orders too, docs/decisions/014)');
for (const chunk of bySize(report.ordersVisible)) console.log(line(chunk));
console.log(`  ${fmt(report.ordersVisibleKb)}  TOTAL with first paint (budget ${ORDERS_VISIBLE_BUDGET_KB} kB)`);

console.log(`\nOther lazily loaded chunks (gzip), ${report.lazy.length}:`);
for (const chunk of bySize(report.lazy)) console.log(line(chunk));
for (const chunk of report.css) console.log(`\nStyles (not in the JS budget): ${fmt(chunk.kbGzip)}  ${chunk.file}`);
console.log('\nPDF font files, fetched on the first print only (brotli, as the server sends them):');
for (const font of fontAssets(join(process.cwd(), 'dist', 'web'))) console.log(`  ${fmt(font.kbBrotli)}  ${font.file}`);
const boardHasPdf = report.firstPaint.some((chunk) => chunk.hasPdfCode) || report.ordersVisible.some((chunk) => chunk.hasPdfCode);
console.log(`board_chunk_has_pdf_code = ${boardHasPdf ? 1 : 0}`);

console.log('');
for (const verdict of budgetVerdicts(report)) console.log(verdictLine(verdict));
