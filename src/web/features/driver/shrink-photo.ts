/**
 * A phone's photo (often 4-8 MB) shrunk before it is kept and sent: at most 1600 px and about
 * 0.5 MB, a JPEG, so it fits a weak signal and the drop's size limit. Without a web worker: the
 * library's worker would load its code from a CDN, which a yard phone may not reach.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  try {
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
