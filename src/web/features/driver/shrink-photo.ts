import { MAX_DROP_PHOTO_BYTES } from '#domain/collections/run-drops';

/** Photos at most this size are kept as taken. */
const SMALL_PHOTO_BYTES = 512 * 1024;

/** How long the shrinking code may take to load and work before the photo is kept as taken. */
const SHRINK_WAIT_MS = 15_000;

/** A photo kept for the drop, or why it cannot be. */
export type ShrunkPhoto = { ok: true; photo: Blob } | { ok: false; problem: string };

export const PHOTO_TOO_LARGE = 'Photo too large to send without shrinking. Take it again when there is signal, or leave it out.';

/**
 * A phone's photo (often 4-8 MB) shrunk before it is kept and sent: at most 1600 px and about
 * 0.5 MB, a JPEG, so it fits a weak signal and the drop's size limit. Without a web worker: the
 * library's worker would load its code from a CDN, which a yard phone may not reach. Never waits
 * for ever: when the shrinking code cannot load (no signal, the chunk not cached) or fails, the
 * photo is kept as taken if the drop's photo field takes it.
 */
export async function shrinkPhoto(file: File): Promise<ShrunkPhoto> {
  // Already small: nothing to gain, and nothing to load (the library's chunk may be out of reach offline).
  if (file.size <= SMALL_PHOTO_BYTES) return { ok: true, photo: file };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const shrunk = await Promise.race([
      import('browser-image-compression').then(({ default: imageCompression }) =>
        imageCompression(file, { maxSizeMB: 0.5, maxWidthOrHeight: 1600, useWebWorker: false, fileType: 'image/jpeg' }),
      ),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SHRINK_WAIT_MS);
      }),
    ]);
    if (shrunk) return { ok: true, photo: shrunk };
  } catch {
    // A picture the browser cannot decode, or code that cannot load: kept as taken below.
  } finally {
    clearTimeout(timer);
  }
  return file.size <= MAX_DROP_PHOTO_BYTES ? { ok: true, photo: file } : { ok: false, problem: PHOTO_TOO_LARGE };
}
