import type { jsPDF } from 'jspdf';
import QRCode from 'qrcode';

/**
 * The QR code of `text` (error correction M: still reads with a scuffed corner) as one filled
 * rectangle per run of dark modules in a row, which keeps a 48-label sheet small.
 */
export function drawQr(doc: jsPDF, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const module = size / count;
  doc.setFillColor(0, 0, 0);
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      // A hair of overlap hides the seams some viewers draw between touching rectangles.
      doc.rect(x + start * module, y + row * module, (col - start) * module, module + 0.01, 'F');
    }
  }
}
