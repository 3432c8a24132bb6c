// Long work written once for both ways of running it: a generator that yields between pieces
// of work and returns its result. The browser and tests run it through at once (runSteps); the
// server runs it in slices between which the event loop answers DNS and HTTP (server/slices.ts).

/** Work that yields between its pieces and returns a T. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end, synchronously. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** How many items a loop of Steps handles between two yields: cheap to check, short to wait. */
export const STEP_ITEMS = 256;
