import type { jsPDF } from 'jspdf';

// Small drawing helpers shared by the pick sheet and the run sheet. Everything is in millimetres.

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

/**
 * The standard PDF fonts only know the Windows-1252 characters; anything else (emoji, most
 * non-Latin letters) would print as garbage, so it becomes "?" and the rest stays readable.
 * Control characters never reach here (the server refuses them, docs/decisions/010).
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code <= 0xff || WINDOWS_1252_EXTRAS.has(ch) ? ch : '?';
  }
  return out;
}
const WINDOWS_1252_EXTRAS = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

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

/** 1 pt in mm: font sizes are in points, the page in millimetres. */
export const PT = 25.4 / 72;

export type Rgb = readonly [number, number, number];
export const BLACK: Rgb = [17, 24, 39];
export const GREY: Rgb = [100, 116, 139];
export const LIGHT_LINE: Rgb = [203, 213, 225];
export const RED: Rgb = [200, 30, 30];
