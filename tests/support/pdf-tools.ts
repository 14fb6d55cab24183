// Reading PDFs the way a person's PDF viewer would: Debian's poppler-utils (pdfinfo, pdftotext).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PdfFacts {
  pages: number;
  /** Page size in points, e.g. 595.28 x 841.89 for A4 portrait. */
  width: number;
  height: number;
  /** Text with all whitespace runs collapsed to one space. */
  text: string;
  bytes: number;
}

/** pdfinfo's page count and size plus pdftotext's text for a PDF given as a file or its bytes. */
export function readPdf(pdf: string | ArrayBuffer | Uint8Array): PdfFacts {
  let dir: string | null = null;
  let file: string;
  if (typeof pdf === 'string') file = pdf;
  else {
    dir = mkdtempSync(path.join(tmpdir(), 'trolleyboard-pdf-'));
    file = path.join(dir, 'sheet.pdf');
    writeFileSync(file, pdf instanceof Uint8Array ? pdf : new Uint8Array(pdf));
  }
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    const bytes = Number(/^File size:\s+(\d+) bytes/m.exec(info)?.[1]);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    return { pages, width: Number(size?.[1]), height: Number(size?.[2]), text, bytes };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export const A4_POINTS = { short: 595.28, long: 841.89 } as const;
