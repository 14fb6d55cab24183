// Bundle benchmark (run by `npm run bench:bundle`, after `vite build`).
// Prints the JavaScript the board route loads before first paint — the entry script of
// dist/web/index.html, its modulepreload links and anything they import statically — in kB gzip,
// then every lazily loaded chunk. Budget: 110 kB gzip for the board. Over budget prints a clear
// line but exits 0: it is a measurement, not a gate. `npm run bench` reuses bench/lib/bundle.ts.
import { join } from 'node:path';
import { FIRST_PAINT_BUDGET_KB, measureBundle } from './lib/bundle';

const distDir = join(process.cwd(), 'dist', 'web');
let report;
try {
  report = measureBundle(distDir);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const fmt = (kb: number) => `${kb.toFixed(2).padStart(8)} kB`;

console.log('Board route, JavaScript loaded before first paint (gzip):');
for (const chunk of report.firstPaint)
  console.log(`  ${fmt(chunk.kbGzip)}  ${chunk.file}${chunk.hasPdfCode ? '  (contains PDF code!)' : ''}`);
const total = report.firstPaintKb;
console.log(`  ${fmt(total)}  TOTAL (budget ${FIRST_PAINT_BUDGET_KB} kB)`);

console.log(`\nLazily loaded chunks (gzip), ${report.lazy.length}:`);
for (const chunk of [...report.lazy].sort((a, b) => b.kbGzip - a.kbGzip))
  console.log(`  ${fmt(chunk.kbGzip)}  ${chunk.file}${chunk.hasPdfCode ? '  (PDF)' : ''}`);

for (const chunk of report.css) console.log(`\nStyles (not in the JS budget): ${fmt(chunk.kbGzip)}  ${chunk.file}`);

console.log('');
if (total > FIRST_PAINT_BUDGET_KB) {
  console.log(
    `OVER BUDGET: the board loads ${total.toFixed(2)} kB gzip of JavaScript before first paint; the budget is ${FIRST_PAINT_BUDGET_KB} kB.`,
  );
} else {
  console.log(
    `Within budget: ${total.toFixed(2)} kB of ${FIRST_PAINT_BUDGET_KB} kB gzip (${(FIRST_PAINT_BUDGET_KB - total).toFixed(2)} kB to spare).`,
  );
}
