// Reading a QR code from the camera's picture (docs/decisions/045): the browser's own
// BarcodeDetector where it reads QR codes (Android's Chrome, Safari 17+), else the zxing decoder,
// which is downloaded only then: neither is part of the board's first load.

import type { QrReader } from './qr-reader-type';

export type { QrReader };

// The Shape Detection API is not in TypeScript's DOM library yet: just what is used here.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  // Chromium on Linux and Windows has the class but reads no formats.
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    engine: 'barcode-detector',
    async read(video) {
      const [first] = await detector.detect(video);
      return first?.rawValue ?? null;
    },
  };
}

/** The best reader this browser has. */
export async function createQrReader(): Promise<QrReader> {
  const native = await nativeReader();
  if (native) return native;
  const { zxingQrReader } = await import('./zxing-qr-reader');
  return zxingQrReader();
}
