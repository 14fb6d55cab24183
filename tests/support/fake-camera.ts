// A picture for Chromium's fake camera (--use-file-for-fake-video-capture), which plays a Y4M
// video: a printed page rendered by poppler, or a QR code drawn module by module. One frame is
// enough (Chromium loops the file). Y4M is a text header, then per frame "FRAME\n" and the
// picture as 4:2:0 planes: every pixel's brightness (Y), then two colour planes at half size,
// grey here (128).
import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { renderPage, type GreyImage } from './pdf-tools';

type Grey = Pick<GreyImage, 'width' | 'height' | 'at'>;

/** Writes `image` as a one-frame Y4M video (the sides rounded down to even numbers, as 4:2:0 needs). */
export function writeY4m(file: string, image: Grey): void {
  const width = image.width & ~1;
  const height = image.height & ~1;
  const luma = Buffer.alloc(width * height);
  // Video brightness runs from 16 (black) to 235 (white).
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) luma[y * width + x] = 16 + Math.round((image.at(x, y) * 219) / 255);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`, 'latin1');
  writeFileSync(file, Buffer.concat([header, luma, chroma]));
}

/** A page of a PDF as the camera's picture (rendered by pdftoppm at `dpi`). */
export function pdfPageVideo(pdf: string | Uint8Array, page: number, file: string, dpi = 150): GreyImage {
  const image = renderPage(pdf, page, dpi);
  writeY4m(file, image);
  return image;
}

/** A QR code of `text` on a white 480 x 640 picture, 8 px a module. */
export function qrVideo(text: string, file: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const [width, height] = [480, 640];
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  writeY4m(file, {
    width,
    height,
    at(x, y) {
      const [col, row] = [Math.floor((x - left) / scale), Math.floor((y - top) / scale)];
      const inside = col >= 0 && row >= 0 && col < modules.size && row < modules.size;
      return inside && modules.get(row, col) ? 0 : 255;
    },
  });
}

/** The QR code in a rendered page (the whole page searched), decoded with jsQR, or null. */
export function decodeQrIn(image: Grey): string | null {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const grey = image.at(x, y);
      rgba.set([grey, grey, grey, 255], (y * image.width + x) * 4);
    }
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}
