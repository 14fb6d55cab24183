// What the board costs to download: the JavaScript of dist/web that index.html loads before first
// paint (its module entry scripts, modulepreload links and everything they import statically),
// gzip-compressed, plus every lazily loaded chunk. Shared by `npm run bench:bundle` and `npm run bench`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScripts } from '../../src/server/plugins/security-headers';

/**
 * JavaScript before the board's first paint (docs/decisions/074). The board paints its week in the
 * same load as its frame (one trip, decision 014), so this is the until-orders figure with room
 * for the inline boot scripts' growth kept apart from the orders' own budget.
 */
export const FIRST_PAINT_BUDGET_KB = 60;
/** JavaScript until the week's orders are on screen: issue 32's 60 kB (docs/decisions/074). */
export const ORDERS_VISIBLE_BUDGET_KB = 60;

/**
 * What `npm test` fails at (scripts/check-bundle-budget.ts): the targets themselves. Any change that
 * grows the board past them fails; `npm run bench` and `bench:bundle` judge against them too.
 */
export const GATE_BUDGETS = { firstPaintKb: FIRST_PAINT_BUDGET_KB, ordersVisibleKb: ORDERS_VISIBLE_BUDGET_KB } as const;

/** One budget line of the size check: what was measured, its size and its budget. */
export interface BudgetVerdict {
  what: string;
  kb: number;
  budgetKb: number;
  isOver: boolean;
}

/**
 * The board's budgets judged against one build (scripts/check-bundle-budget.ts, `npm run bench`):
 * the bytes before first paint, the bytes until the week's orders show, and the PDF code kept off
 * the board (docs/decisions/022) as a budget of 0 kB.
 */
export function budgetVerdicts(
  report: Pick<BundleReport, 'firstPaint' | 'firstPaintKb' | 'ordersVisible' | 'ordersVisibleKb'>,
  budgets: { firstPaintKb: number; ordersVisibleKb: number } = {
    firstPaintKb: FIRST_PAINT_BUDGET_KB,
    ordersVisibleKb: ORDERS_VISIBLE_BUDGET_KB,
  },
): BudgetVerdict[] {
  const pdfOnBoard = [...report.firstPaint, ...report.ordersVisible].filter((c) => c.hasPdfCode);
  const judged = (what: string, kb: number, budgetKb: number): BudgetVerdict => ({ what, kb, budgetKb, isOver: kb > budgetKb });
  return [
    judged('First paint', report.firstPaintKb, budgets.firstPaintKb),
    judged("Until the week's orders show", report.ordersVisibleKb, budgets.ordersVisibleKb),
    judged('PDF code on the board', sum(pdfOnBoard), 0),
  ];
}

/** `OVER BUDGET: First paint 61.20 kB gzip; the budget is 60 kB.`, or what is left to spare. */
export function verdictLine(verdict: BudgetVerdict): string {
  const { what, kb, budgetKb } = verdict;
  return verdict.isOver
    ? `OVER BUDGET: ${what} ${kb.toFixed(2)} kB gzip; the budget is ${budgetKb} kB.`
    : `${what}: ${kb.toFixed(2)} kB of ${budgetKb} kB gzip (${(budgetKb - kb).toFixed(2)} kB to spare).`;
}

export interface Chunk {
  /** Path relative to dist/web, e.g. `assets/index-abc.js`. */
  file: string;
  kbGzip: number;
  /** Does the chunk carry jsPDF's code (the PDF library must load only when printing, docs/decisions/022)? */
  hasPdfCode: boolean;
}

export interface BundleReport {
  firstPaint: Chunk[];
  firstPaintKb: number;
  /** Added after first paint until orders show: the board's data chunk and its static imports. */
  ordersVisible: Chunk[];
  /** First paint plus ordersVisible, by static analysis (`npm run bench` also measures it in Chromium). */
  ordersVisibleKb: number;
  lazy: Chunk[];
  css: Chunk[];
}

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

/** Scripts written into index.html itself (the boot script of decision 014): JavaScript too. */
function inlineScriptChunks(page: string): Chunk[] {
  return inlineScripts(page).map((body, i) => ({
    file: `index.html inline script ${i + 1}`,
    kbGzip: gzipKb(Buffer.from(body)),
    hasPdfCode: false,
  }));
}

/** Static `import ... from "./x.js"` / `import "./x.js"` of a chunk (not dynamic import()). */
function staticImports(file: string, code: string): string[] {
  const dir = posix.dirname(file);
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    const spec = match[1];
    if (spec) found.push(posix.normalize(posix.join(dir, spec)));
  }
  return found;
}

/** kB (1000 bytes, as Vite reports sizes) after gzip -9. */
export function gzipKb(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length / 1000;
}

/** jsPDF's own identifiers survive minification: its class name and the PDF header it writes. */
export function looksLikePdfCode(code: string): boolean {
  return /jsPDF/.test(code) && code.includes('%PDF-');
}

/** A chunk of dist/web by its path relative to dist/web. */
export function readChunk(distDir: string, file: string): Chunk {
  const bytes = readFileSync(join(distDir, file));
  return { file, kbGzip: gzipKb(bytes), hasPdfCode: file.endsWith('.js') && looksLikePdfCode(bytes.toString('utf8')) };
}

/** Measures dist/web; throws with a clear message when it has not been built. */
export function measureBundle(distDir: string): BundleReport {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`No ${indexPath}: run \`npx vite build\` first.`);
  const html = readFileSync(indexPath, 'utf8');
  const assetsDir = join(distDir, 'assets');
  const assets = existsSync(assetsDir) ? readdirSync(assetsDir).map((f) => `assets/${f}`) : [];
  const initial = staticClosure(
    distDir,
    firstPaintUrls(html).map((url) => url.replace(/^\//, '').split('?')[0] ?? ''),
    new Map(),
  );
  const boardData = assets.filter((f) => /^assets\/board-data-[^/]+\.js$/.test(f));
  const orders = staticClosure(distDir, boardData, initial);
  const lazy = assets.filter((f) => f.endsWith('.js') && !initial.has(f) && !orders.has(f)).map((f) => readChunk(distDir, f));
  const css = assets.filter((f) => f.endsWith('.css')).map((f) => readChunk(distDir, f));
  const firstPaint = [...initial.values(), ...inlineScriptChunks(html)];
  const ordersVisible = [...orders.values()];
  return { firstPaint, firstPaintKb: sum(firstPaint), ordersVisible, ordersVisibleKb: sum(firstPaint) + sum(ordersVisible), lazy, css };
}

/** Every chunk reachable from `start` by static imports, skipping those already in `known`. */
function staticClosure(distDir: string, start: string[], known: ReadonlyMap<string, Chunk>): Map<string, Chunk> {
  const found = new Map<string, Chunk>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (found.has(file) || known.has(file) || !file.endsWith('.js')) continue;
    if (!existsSync(join(distDir, file))) throw new Error(`index.html or a chunk refers to ${file}, which is not in dist/web.`);
    found.set(file, readChunk(distDir, file));
    queue.push(...staticImports(file, readFileSync(join(distDir, file), 'utf8')));
  }
  return found;
}

export function sum(chunks: Chunk[]): number {
  return chunks.reduce((total, c) => total + c.kbGzip, 0);
}

/** The lazily loaded chunk with the PDF library, if the build has one. */
export function pdfChunk(report: BundleReport): Chunk | null {
  const withPdf = report.lazy.filter((c) => c.hasPdfCode).sort((a, b) => b.kbGzip - a.kbGzip);
  return withPdf[0] ?? null;
}
