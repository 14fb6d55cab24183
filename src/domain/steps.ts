// Long pure work in steps (docs/decisions/053). Reading 5,000 rows of a CSV file takes a few
// hundred milliseconds of CPU; run in one go on the server, it held every other request that long.
// Such work is written as a generator that yields between two rows; the domain keeps no timers:
// `finish` runs it to its end at once (the browser, tests), the server pauses between steps
// (src/server/slices.ts) so that others' requests are answered meanwhile.

/** Work that yields between its steps and returns its answer at the end. */
export type Steps<T> = Generator<void, T, undefined>;

/** Runs `steps` to the end at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
