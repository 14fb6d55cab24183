// The board's size budgets as a gate (issue 32, docs/decisions/074): reads the web build that
// `npm test` has just made (dist/web; scripts/test.sh runs this right after `vite build`) and
// fails when the JavaScript before the board's first paint, or until the week's orders show, has
// grown past its gate (bench/lib/bundle.ts GATE_BUDGETS), or when the PDF code has reached the
// board. Static: it reads files and gzips them, about a second; `npm run bench:bundle` prints the full breakdown of what grew.
import path from 'node:path';
import { budgetVerdicts, GATE_BUDGETS, measureBundle, verdictLine } from '../bench/lib/bundle';

const distDir = path.resolve(import.meta.dirname, '..', 'dist', 'web');

let verdicts;
try {
  verdicts = budgetVerdicts(measureBundle(distDir), GATE_BUDGETS);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
for (const verdict of verdicts) console.log(verdictLine(verdict));
if (verdicts.some((v) => v.isOver)) {
  console.error('The board grew past its budget: `npm run bench:bundle` lists its chunks (docs/decisions/074).');
  process.exit(1);
}
