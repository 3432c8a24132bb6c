// Which secondaries picked a change up, and when: a secondary has a change once it serves that
// change's serial or a newer one (RFC 1982 order); the time is its first such arrival.
import { ARRIVALS_KEPT, type SecondaryStatus } from '../../../shared/api/secondaries';
import { serialAtLeast } from '../../../shared/dns/serial';

export type Pickup =
  /** Seen arriving at `at` (ISO), `afterMs` after the change was made. */
  | { target: string; kind: 'arrived'; at: string; afterMs: number }
  /** It has the change, but its arrival was not seen (before the service watched, or long ago). */
  | { target: string; kind: 'has' }
  /** Not yet; `why`: it could not be asked just now (it did not answer, or refused). */
  | { target: string; kind: 'waiting'; why: 'unreachable' | 'refused' | null };

type Change = { serial: number; created_at: string };

export function pickupOf(change: Change, s: SecondaryStatus): Pickup {
  const target = s.target;
  // Newest first: the earliest arrival that has the change is the last such in the list.
  const i = s.arrivals.findLastIndex((a) => serialAtLeast(a.serial, change.serial));
  // The oldest arrival kept may not be the first that had it: older ones were let go.
  const cut = i === s.arrivals.length - 1 && s.arrivals.length >= ARRIVALS_KEPT;
  if (i >= 0 && !cut) {
    const at = s.arrivals[i]!.at;
    return { target, kind: 'arrived', at, afterMs: Date.parse(at) - Date.parse(change.created_at) };
  }
  const seen = s.serial ?? s.last_seen_serial;
  if (i >= 0 || (seen !== null && serialAtLeast(seen, change.serial))) {
    return { target, kind: 'has' };
  }
  const why = s.state === 'unreachable' || s.state === 'refused' ? s.state : null;
  return { target, kind: 'waiting', why };
}

/**
 * The pickups of a change, or null when there is nothing worth a line: no secondaries, or
 * every one has it with no arrival time to tell (an old change, before the service watched).
 */
export function pickupsOf(change: Change, secondaries: readonly SecondaryStatus[]) {
  const list = secondaries.map((s) => pickupOf(change, s));
  if (!list.length) return null;
  return { list, everywhere: list.every((p) => p.kind === 'has') };
}
