// Photos are shrunk on the phone before upload (docs/decisions/043): a phone's 4–12 MB photo
// becomes a few hundred KB, so uploads are quick on yard Wi-Fi and the server keeps no library to
// make thumbnails. The library loads only when a photo is added, never with the board.

/** The longest side and size a shrunk photo has at most: sharp on a phone, readable when zoomed. */
const MAX_SIDE_PX = 1600;
const MAX_MB = 0.8;

// On the page's own thread: the app's Content-Security-Policy allows no workers made from blobs.
/** A photo shrunk to a JPEG within the bounds; a PDF or a photo the browser cannot read is sent as it is. */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return file;
  const { default: imageCompression } = await import('browser-image-compression');
  try {
    const shrunk = await imageCompression(file, {
      maxSizeMB: MAX_MB,
      maxWidthOrHeight: MAX_SIDE_PX,
      useWebWorker: false,
      fileType: 'image/jpeg',
    });
    const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
    return shrunk.size < file.size ? new File([shrunk], name, { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}
