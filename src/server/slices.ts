// Long work on the event loop in slices: between two slices the DNS server answers its queries
// and HTTP its requests. Without them a 100,000-record import kept the one thread, and every
// DNS answer of the process, for the seconds its parse and diff took.
import type { Steps } from '../shared/steps';

/**
 * One turn of the event loop. The function is taken when this module loads: a test's fake
 * timers, installed later, replace the global and `node:timers`' export, and the work would
 * wait for a fake clock that nobody advances.
 */
const realSetImmediate = setImmediate;
export const nextTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/** The longest the work holds the thread at a time, in milliseconds. */
export const SLICE_MS = 8;

/** Runs `steps` to the end, giving the event loop a turn whenever a slice has run SLICE_MS. */
export async function inSlices<T>(steps: Steps<T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** Awaited between pieces of async work: a turn of the event loop when a slice is over. */
export type Pace = () => Promise<void> | undefined;

/** Never gives a turn: for callers whose work is small. */
export const noPace: Pace = () => undefined;

/**
 * A Pace for one piece of async work: `await pace()` between its pieces gives the event loop a
 * turn when the last was more than SLICE_MS ago. It reads the clock: call it every few hundred
 * items of a loop, not every one.
 */
export function pacer(): Pace {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return nextTurn().then(() => {
      sliceStart = performance.now();
    });
  };
}
