import type { jsPDF } from 'jspdf';

// Small drawing helpers shared by the day sheets and the run sheet. Everything is in millimetres.

/** "Made with Trolleyboard" + the app's public address (docs/product.md#pdfs). */
export function creditLine(appUrl: string): string {
  return `Made with Trolleyboard ${appUrl}`.trim();
}

/** Today as staff write it on paper: dd/mm/yyyy, in the device's own time zone. */
export function formatPrintDate(today: Date): string {
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${today.getFullYear()}`;
}

/** Cuts text to fit `maxWidth` at the current font, ending it with "..." when it had to be cut. */
export function fitText(doc: jsPDF, text: string, maxWidth: number): string {
  if (doc.getTextWidth(text) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && doc.getTextWidth(`${cut}...`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/**
 * Wraps text into lines no wider than `maxWidth` at the current font, breaking only at spaces
 * (a word wider than a line is broken by jsPDF). A lone "-" (as in "Greenfields - 1044") starts
 * the next line instead of ending one: a line-end hyphen reads as a split word to people and to
 * PDF text extraction alike.
 */
export function wrapWords(doc: jsPDF, text: string, maxWidth: number): string[] {
  const words: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = words.at(-1);
    if (last === '-') words[words.length - 1] = `- ${word}`;
    else words.push(word);
  }
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (doc.getTextWidth(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (doc.getTextWidth(word) <= maxWidth) line = word;
    else {
      const pieces = doc.splitTextToSize(word, maxWidth) as string[];
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Rows of known heights onto pages of `available` height: as many whole rows as fit a page, at
 * least one row a page, and one (empty) page when there are no rows.
 */
export function paginate<Row extends { height: number }>(rows: readonly Row[], available: number): Row[][] {
  const pages: Row[][] = [[]];
  let used = 0;
  for (const row of rows) {
    let page = pages[pages.length - 1]!;
    if (page.length > 0 && used + row.height > available + 1e-6) {
      page = [];
      pages.push(page);
      used = 0;
    }
    page.push(row);
    used += row.height;
  }
  return pages;
}

/** 1 pt in mm: font sizes are in points, the page in millimetres. */
export const PT = 25.4 / 72;

export type Rgb = readonly [number, number, number];
export const BLACK: Rgb = [17, 24, 39];
export const GREY: Rgb = [100, 116, 139];
export const LIGHT_LINE: Rgb = [203, 213, 225];
export const RED: Rgb = [200, 30, 30];
