// Bundle benchmark (run by `npm run bench:bundle`, after `vite build`).
// Prints the JavaScript the board route loads before first paint — the entry script of
// dist/web/index.html, its modulepreload links and anything they import statically — in kB gzip,
// then every lazily loaded chunk. Budget: 110 kB gzip for the board. Over budget prints a clear
// line but exits 0: it is a measurement, not a gate.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
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
    if (href && attr(tag, 'rel')?.toLowerCase() === 'modulepreload') urls.push(href);
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

const initial = new Map<string, number>();
const queue = firstPaintUrls(html).map(toFile);
while (queue.length > 0) {
  const file = queue.shift() as string;
  if (initial.has(file) || !file.endsWith('.js')) continue;
  if (!existsSync(file)) {
    console.error(`index.html refers to ${file}, which is not in dist/web.`);
    process.exit(1);
  }
  const code = readFileSync(file);
  initial.set(file, gzipKb(code));
  queue.push(...staticImports(file, code.toString('utf8')));
}

const assetsDir = join(distDir, 'assets');
const allJs = existsSync(assetsDir)
  ? readdirSync(assetsDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(assetsDir, f))
  : [];
const lazy = allJs.filter((f) => !initial.has(f)).map((f) => [f, gzipKb(readFileSync(f))] as const);
const css = existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => f.endsWith('.css')) : [];

const rel = (f: string) => f.slice(distDir.length + 1);
const fmt = (kb: number) => `${kb.toFixed(2).padStart(8)} kB`;

console.log('Board route, JavaScript loaded before first paint (gzip):');
for (const [file, kb] of initial) console.log(`  ${fmt(kb)}  ${rel(file)}`);
const total = [...initial.values()].reduce((sum, kb) => sum + kb, 0);
console.log(`  ${fmt(total)}  TOTAL (budget ${BUDGET_KB} kB)`);

console.log(`\nLazily loaded chunks (gzip), ${lazy.length}:`);
for (const [file, kb] of [...lazy].sort((a, b) => b[1] - a[1])) console.log(`  ${fmt(kb)}  ${rel(file)}`);

for (const file of css) console.log(`\nStyles (not in the JS budget): ${fmt(gzipKb(readFileSync(join(assetsDir, file))))}  assets/${file}`);

console.log('');
if (total > BUDGET_KB) {
  console.log(`OVER BUDGET: the board loads ${total.toFixed(2)} kB gzip of JavaScript before first paint; the budget is ${BUDGET_KB} kB.`);
} else {
  console.log(`Within budget: ${total.toFixed(2)} kB of ${BUDGET_KB} kB gzip (${(BUDGET_KB - total).toFixed(2)} kB to spare).`);
}
