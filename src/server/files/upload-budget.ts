import { bytesInWords } from './file-types';
import { ApiError, badRequest } from '../errors';

// The bytes of uploads the server holds in memory, across every multipart request in flight
// (docs/decisions/052). A file is held from its first byte until its record is written, so without
// a bound a handful of large uploads at once would take the server's memory; with it, the request
// that would go past the bound is answered 503 at once and stops being read.

/** Bytes of uploads held in memory at most, across all requests in flight (docs/decisions/052). */
export const UPLOAD_MEMORY_BYTES = 64 * 1024 * 1024;

export const UPLOADS_BUSY = 'The server is receiving too many files at once. Please try again in a minute.';

/** What one request holds of the budget; `release()` gives it all back (once). */
export interface UploadShare {
  /** Takes `bytes` more for this request, or throws: 400 when this request alone would pass the bound, 503 when others hold the rest. */
  take(bytes: number, noun: string): void;
  release(): void;
}

export class UploadBudget {
  private held = 0;

  constructor(readonly limit = UPLOAD_MEMORY_BYTES) {}

  /** Bytes held right now by all requests. */
  get inUse(): number {
    return this.held;
  }

  /** A new request's share, holding nothing yet. */
  open(): UploadShare {
    let taken = 0;
    let released = false;
    return {
      take: (bytes, noun) => {
        // Answered already (the client went away mid-upload): nothing more is held for it.
        if (released) throw new ApiError(503, UPLOADS_BUSY);
        // One request's files can never fit, whatever the others do: a sentence that says what to change.
        if (taken + bytes > this.limit)
          throw badRequest(
            `The files sent with one ${noun} add up to more than ${bytesInWords(this.limit)}. Send them in two or more saves.`,
          );
        if (this.held + bytes > this.limit) throw new ApiError(503, UPLOADS_BUSY);
        taken += bytes;
        this.held += bytes;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= taken;
        taken = 0;
      },
    };
  }
}
