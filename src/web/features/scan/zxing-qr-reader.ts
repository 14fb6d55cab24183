// The QR reader's own modules, not the package's index: the index brings every barcode format and
// the browser helpers along (107 kB gzip instead of the QR reader's own share).
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import type { QrReader } from './qr-reader-type';

/** Frames larger than this (long side, px) are scaled down first: a label's code stays well readable, and a phone decodes faster. */
const MAX_SIDE = 960;

/**
 * The fallback reader: @zxing/library's QR decoder over the frame's grey levels, for browsers
 * without a BarcodeDetector that reads QR codes. Loaded only by createQrReader.
 */
export function zxingQrReader(): QrReader {
  const reader = new QRCodeReader();
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    engine: 'zxing',
    read(video) {
      const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      if (!context || width === 0 || height === 0) return Promise.resolve(null);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const grey = new Uint8ClampedArray(width * height);
      for (let i = 0; i < grey.length; i++) grey[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
      try {
        const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)));
        return Promise.resolve(reader.decode(bitmap, hints).getText());
      } catch {
        // No code in this frame (zxing throws NotFound / Checksum / Format): try the next one.
        return Promise.resolve(null);
      } finally {
        reader.reset();
      }
    },
  };
}
