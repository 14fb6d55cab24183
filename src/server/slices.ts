import type { Steps } from '#domain/steps';

// Long work on the event loop in slices (docs/decisions/053): between two slices every request
// waiting (a load balancer's /api/health among them) is answered, so one client's import or
// comparison costs the others a slice, not its whole time.

/** Work between two pauses, in ms: well inside /api/health's usual 200 ms. */
export const SLICE_MS = 10;

/** Gives the event loop back: waiting requests (and their I/O) run before the caller goes on. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `steps` to the end, pausing for the event loop after every `sliceMs` of work. */
export async function inSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  const slicer = new Slicer(sliceMs);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await slicer.pause();
  }
}

/** Pauses a loop for the event loop once it has worked `sliceMs` since its last pause. */
export class Slicer {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await yieldToEventLoop();
    this.sliceStart = performance.now();
  }
}
