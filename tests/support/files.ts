// Small real files for upload tests: the first bytes decide what a file is (src/server/files/file-types.ts).

/** A 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

/** A one-page PDF. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A JPEG's start (enough for its type) padded to `size` bytes. */
export function jpegOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

export const pngFile = (name = 'photo.png') => new File([PNG_BYTES], name, { type: 'image/png' });
export const pdfFile = (name = 'delivery note.pdf') => new File([PDF_BYTES], name, { type: 'application/pdf' });
