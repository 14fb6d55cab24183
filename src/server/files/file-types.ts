// What a file is, read from its first bytes rather than from the name or the type the client
// claimed: an upload's type is checked against the field's list by what it is, and a file is
// served with that type, so a page renamed `photo.jpg` is never served as a page
// (docs/decisions/043).

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The type the bytes show, or `application/octet-stream` when they match none we know. */
export function sniffType(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && ascii(bytes, 1, 4) === 'PNG' && bytes[0] === 0x89) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (['heic', 'heix', 'heim', 'heis'].includes(brand)) return 'image/heic';
    if (['mif1', 'msf1'].includes(brand)) return 'image/heif';
    if (brand === 'avif') return 'image/avif';
  }
  return 'application/octet-stream';
}

/** Types a browser shows in place (an `<img>`, its PDF viewer); anything else is downloaded. */
export function showsInline(type: string): boolean {
  return type.startsWith('image/') || type === 'application/pdf';
}

const WORDS: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG photo',
  'image/png': 'PNG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC photo',
  'image/heif': 'HEIF photo',
  'image/avif': 'AVIF image',
  'application/pdf': 'PDF',
};

/** A type in words for messages: "JPEG photo", "PDF"; "file of another kind" for the rest. */
export function typeInWords(type: string): string {
  return WORDS[type] ?? 'file of another kind';
}

/** A size limit in words: 5 MB, 300 KB. */
export function bytesInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
