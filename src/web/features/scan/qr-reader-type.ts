// Below qr-reader.ts and the zxing reader it loads on demand, which both name it: neither imports
// the other back (no import cycles, docs/decisions/060).

/** Reads the QR code in the video's current frame, or null when it shows none (yet). */
export interface QrReader {
  engine: 'barcode-detector' | 'zxing';
  read(video: HTMLVideoElement): Promise<string | null>;
}
