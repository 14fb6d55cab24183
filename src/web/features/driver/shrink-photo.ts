/** Photos at most this size are kept as taken. */
const SMALL_PHOTO_BYTES = 512 * 1024;

/**
 * A phone's photo (often 4-8 MB) shrunk before it is kept and sent: at most 1600 px and about
 * 0.5 MB, a JPEG, so it fits a weak signal and the drop's size limit. Without a web worker: the
 * library's worker would load its code from a CDN, which a yard phone may not reach.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  // Already small: nothing to gain, and nothing to load (the library's chunk may be out of reach offline).
  if (file.size <= SMALL_PHOTO_BYTES) return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, {
      maxSizeMB: 0.5,
      maxWidthOrHeight: 1600,
      useWebWorker: false,
      fileType: 'image/jpeg',
    });
  } catch {
    // A picture the browser cannot decode goes as taken; the server's type and size limits still apply.
    return file;
  }
}
