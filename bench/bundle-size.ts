// Bundle benchmark (run by `npm run bench:bundle`, after `vite build`).
// Prints, in kB gzip:
// - the JavaScript the board route loads before first paint: the entry script of
//   dist/web/index.html, its modulepreload links (except those marked data-after-first-paint) and
//   anything they import statically. Budget: 110 kB.
// - the JavaScript needed until the week's orders are on screen: that, plus the board's data
//   chunk (board-data-*.js: TanStack Query, the SDK, the order lines) and its static imports.
//   Budget: 140 kB (docs/decisions/011).
// - every other lazily loaded chunk.
// Over budget prints a clear line but exits 0: it is a measurement, not a gate.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
const ORDERS_BUDGET_KB = 140;
const distDir = join(process.cwd(), 'dist', 'web');
const indexPath = join(distDir, 'index.html');

if (!existsSync(indexPath)) {
  console.error(`No ${indexPath}: run \`npx vite build\` first.`);
  process.exit(1);
}

const html = readFileSync(indexPath, 'utf8');

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag);
  return match?.[1] ?? null;
}

/** URLs as written in index.html: the module entry scripts and modulepreload links. */
function firstPaintUrls(page: string): string[] {
  const urls: string[] = [];
  for (const [tag] of page.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag)) urls.push(src);
  }
  for (const [tag] of page.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel')?.toLowerCase() === 'modulepreload' && !/\bdata-after-first-paint\b/i.test(tag)) urls.push(href);
  }
  return urls;
}

function toFile(url: string): string {
  return join(distDir, url.replace(/^\//, '').split('?')[0] ?? '');
}

/** Static `import ... from "./x.js"` / `import "./x.js"` of a chunk (not dynamic import()). */
function staticImports(file: string, code: string): string[] {
  const dir = posix.dirname(file.split('\\').join('/'));
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    const spec = match[1];
    if (spec) found.push(posix.normalize(posix.join(dir, spec)));
  }
  return found;
}

function gzipKb(bytes: Buffer): number {
  // kB of 1000 bytes, as Vite reports sizes.
  return gzipSync(bytes, { level: 9 }).length / 1000;
}

/** Every file reachable from `start` by static imports, with its size, skipping `known` ones. */
function staticClosure(start: string[], known: ReadonlyMap<string, number> = new Map()): Map<string, number> {
  const found = new Map<string, number>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (found.has(file) || known.has(file) || !file.endsWith('.js')) continue;
    if (!existsSync(file)) {
      console.error(`index.html or a chunk refers to ${file}, which is not in dist/web.`);
      process.exit(1);
    }
    const code = readFileSync(file);
    found.set(file, gzipKb(code));
    queue.push(...staticImports(file, code.toString('utf8')));
  }
  return found;
}

const initial = staticClosure(firstPaintUrls(html).map(toFile));

const assetsDir = join(distDir, 'assets');
const allJs = existsSync(assetsDir)
  ? readdirSync(assetsDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(assetsDir, f))
  : [];
const boardData = allJs.filter((f) => /[\\/]board-data-[^\\/]+\.js$/.test(f));
const ordersChunks = staticClosure(boardData, initial);
const lazy = allJs.filter((f) => !initial.has(f) && !ordersChunks.has(f)).map((f) => [f, gzipKb(readFileSync(f))] as const);
const css = existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => f.endsWith('.css')) : [];

const rel = (f: string) => f.slice(distDir.length + 1);
const fmt = (kb: number) => `${kb.toFixed(2).padStart(8)} kB`;

console.log('Board route, JavaScript loaded before first paint (gzip):');
for (const [file, kb] of initial) console.log(`  ${fmt(kb)}  ${rel(file)}`);
const total = [...initial.values()].reduce((sum, kb) => sum + kb, 0);
console.log(`  ${fmt(total)}  TOTAL (budget ${BUDGET_KB} kB)`);

console.log("\nBoard route, JavaScript added until the week's orders are on screen (gzip):");
if (boardData.length === 0) console.log('  (no board-data-*.js chunk found)');
for (const [file, kb] of [...ordersChunks].sort((a, b) => b[1] - a[1])) console.log(`  ${fmt(kb)}  ${rel(file)}`);
const ordersTotal = total + [...ordersChunks.values()].reduce((sum, kb) => sum + kb, 0);
console.log(`  ${fmt(ordersTotal)}  TOTAL with first paint (budget ${ORDERS_BUDGET_KB} kB)`);

console.log(`\nOther lazily loaded chunks (gzip), ${lazy.length}:`);
for (const [file, kb] of [...lazy].sort((a, b) => b[1] - a[1])) console.log(`  ${fmt(kb)}  ${rel(file)}`);

for (const file of css) console.log(`\nStyles (not in the JS budget): ${fmt(gzipKb(readFileSync(join(assetsDir, file))))}  assets/${file}`);

console.log('');
if (ordersTotal > ORDERS_BUDGET_KB) {
  console.log(
    `OVER BUDGET: the board needs ${ordersTotal.toFixed(2)} kB gzip of JavaScript until its orders show; the budget is ${ORDERS_BUDGET_KB} kB.`,
  );
} else {
  console.log(
    `Orders visible within budget: ${ordersTotal.toFixed(2)} kB of ${ORDERS_BUDGET_KB} kB gzip (${(ORDERS_BUDGET_KB - ordersTotal).toFixed(2)} kB to spare).`,
  );
}
if (total > BUDGET_KB) {
  console.log(`OVER BUDGET: the board loads ${total.toFixed(2)} kB gzip of JavaScript before first paint; the budget is ${BUDGET_KB} kB.`);
} else {
  console.log(`Within budget: ${total.toFixed(2)} kB of ${BUDGET_KB} kB gzip (${(BUDGET_KB - total).toFixed(2)} kB to spare).`);
}
