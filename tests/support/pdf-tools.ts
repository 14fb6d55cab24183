// Reading PDFs the way a person's PDF viewer would: Debian's poppler-utils (pdfinfo, pdftotext,
// pdffonts, pdftoppm).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PdfFacts {
  pages: number;
  /** Page size in points, e.g. 595.28 x 841.89 for A4 portrait. */
  width: number;
  height: number;
  /** Text with all whitespace runs collapsed to one space. */
  text: string;
  /** Each page's text, whitespace collapsed the same way. */
  pageTexts: string[];
  /**
   * The text in the order it was drawn (`pdftotext -raw`), whitespace collapsed: a name wrapped
   * over lines reads whole here, where the page's layout puts the next column's text between its
   * lines.
   */
  rawText: string;
  bytes: number;
}

type PdfSource = string | ArrayBuffer | Uint8Array;

/** Runs `read` on the PDF as a file: the path given, or the bytes written to a temporary file. */
function withFile<T>(pdf: PdfSource, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'trolleyboard-pdf-'));
  try {
    let file: string;
    if (typeof pdf === 'string') file = pdf;
    else {
      file = path.join(dir, 'sheet.pdf');
      writeFileSync(file, pdf instanceof Uint8Array ? pdf : new Uint8Array(pdf));
    }
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** pdfinfo's page count and size plus pdftotext's text for a PDF given as a file or its bytes. */
export function readPdf(pdf: PdfSource): PdfFacts {
  return withFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    const bytes = Number(/^File size:\s+(\d+) bytes/m.exec(info)?.[1]);
    const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    // pdftotext ends every page with a form feed.
    const pageTexts = raw.split('\f').slice(0, pages).map(collapse);
    const rawText = collapse(execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
    return { pages, width: Number(size?.[1]), height: Number(size?.[2]), text: collapse(raw), pageTexts, rawText, bytes };
  });
}

/** How many images the PDF holds, as `pdfimages -list` lists them. */
export function imageCount(pdf: PdfSource): number {
  return withFile(
    pdf,
    (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).length,
  );
}

export interface PdfFont {
  name: string;
  type: string;
  encoding: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** pdffonts' table: every font the PDF uses, whether it is embedded, a subset, and mapped to Unicode. */
export function readFonts(pdf: PdfSource): PdfFont[] {
  return withFile(pdf, (file) => {
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    return lines.map((line) => {
      // name, type (may contain spaces), encoding, emb, sub, uni, object number, generation
      const match = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/.exec(line.trim());
      if (!match) throw new Error(`Unexpected pdffonts line: ${line}`);
      const [, name, type, encoding, emb, sub, uni] = match as unknown as string[];
      return { name: name!, type: type!, encoding: encoding!, embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
    });
  });
}

/** A page rendered by pdftoppm in 8-bit grey (0 black … 255 white), at `dpi`. */
export interface GreyImage {
  width: number;
  height: number;
  dpi: number;
  /** Grey level at (x, y) in pixels. */
  at(x: number, y: number): number;
  /** How many pixels darker than 128 lie in the rectangle given in millimetres from the top left. */
  darkPixelsInMm(left: number, top: number, width: number, height: number): number;
}

export function renderPage(pdf: PdfSource, page: number, dpi = 100): GreyImage {
  return withFile(pdf, (file, dir) => {
    const out = path.join(dir, 'page');
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, out]);
    const pgm = readFileSync(`${out}.pgm`);
    // Binary PGM: "P5", width, height, max value, one whitespace byte, then the pixels.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a binary PGM');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const pixels = pgm.subarray(header[0].length);
    const at = (x: number, y: number) => pixels[y * width + x] ?? 255;
    const px = (mm: number) => Math.round((mm / 25.4) * dpi);
    return {
      width,
      height,
      dpi,
      at,
      darkPixelsInMm(left, top, w, h) {
        let count = 0;
        for (let y = px(top); y < px(top + h); y += 1) for (let x = px(left); x < px(left + w); x += 1) if (at(x, y) < 128) count += 1;
        return count;
      },
    };
  });
}

export interface MmBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The bounding box (mm) of the ink inside a search area (mm), or null when it holds none. */
export function inkBox(image: GreyImage, area: MmBox): MmBox | null {
  const px = (mm: number) => Math.round((mm / 25.4) * image.dpi);
  const mm = (p: number) => (p * 25.4) / image.dpi;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let y = px(area.top); y < px(area.top + area.height); y += 1)
    for (let x = px(area.left); x < px(area.left + area.width); x += 1)
      if (image.at(x, y) < 128) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  if (minX === Infinity) return null;
  return { left: mm(minX), top: mm(minY), width: mm(maxX - minX + 1), height: mm(maxY - minY + 1) };
}

/**
 * The day sheets' Green, Yellow and Shelves boxes of the first row, and how much ink each holds
 * inside its outline (0 for an empty box, a tick's worth for a ticked one). The extras are the last
 * three columns, 12.5 mm wide, ending at the 10 mm right margin; the list starts 29 mm from the
 * top of the page and a one-line row at the largest text size is under 7 mm high.
 */
export function firstRowTickInk(image: GreyImage): Record<'Green' | 'Yellow' | 'Shelves', number> {
  const centres = { Green: 168.75, Yellow: 181.25, Shelves: 193.75 } as const;
  const ink = (centre: number) => {
    const box = inkBox(image, { left: centre - 4, top: 29.6, width: 8, height: 6.2 });
    if (!box || box.width < 2.5 || box.height < 2.5) throw new Error(`No tick box found around ${centre} mm`);
    return image.darkPixelsInMm(box.left + 0.6, box.top + 0.6, box.width - 1.2, box.height - 1.2);
  };
  return { Green: ink(centres.Green), Yellow: ink(centres.Yellow), Shelves: ink(centres.Shelves) };
}

export const A4_POINTS = { short: 595.28, long: 841.89 } as const;
