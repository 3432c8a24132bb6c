// The words of the Secondaries card: each state as text (never colour alone), the last NOTIFY,
// "2 s ago", and the one-line summary that is announced when a state changes.
import type { Secondaries, SecondaryStatus } from '../../../shared/api/secondaries';
import type { BadgeTone } from '../../ui/badge';
import { formatDateTime, formatDelay } from '../../ui/format';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "In sync", "Behind by 3 changes", "Unreachable", "Refused: NOTAUTH (BADSIG)". */
export function stateLabel(s: Pick<SecondaryStatus, 'state' | 'behind_changes' | 'detail'>) {
  switch (s.state) {
    case 'in_sync':
      return 'In sync';
    case 'behind':
      // null: the journal no longer reaches its serial, so the count is unknown.
      // 0: our newer serial records no change of its own (a re-signing, say).
      if (s.behind_changes === null) return 'Behind';
      if (s.behind_changes === 0) return 'Behind (no record changes)';
      return `Behind by ${plural(s.behind_changes, 'change', 'changes')}`;
    case 'unreachable':
      return 'Unreachable';
    case 'refused':
      // The REFUSED rcode itself needs no "Refused: REFUSED".
      return s.detail && s.detail.toUpperCase() !== 'REFUSED' ? `Refused: ${s.detail}` : 'Refused';
  }
}

export const STATE_TONES: Record<SecondaryStatus['state'], BadgeTone> = {
  in_sync: 'success',
  behind: 'warning',
  unreachable: 'danger',
  refused: 'danger',
};

type LastSeen = Pick<
  SecondaryStatus,
  | 'serial'
  | 'last_seen_serial'
  | 'behind_changes'
  | 'last_change_arrived_at'
  | 'last_change_made_at'
>;

/**
 * For a secondary that cannot be asked now (unreachable, refused) but was seen serving the zone:
 * how far behind that serial is, "in sync then" or "behind by 2 changes"; null otherwise.
 */
export function lastSeenStanding(s: LastSeen, ours: number): string | null {
  if (s.serial !== null || s.last_seen_serial === null) return null;
  if (s.last_seen_serial === ours) return 'our serial';
  if (s.behind_changes === null || s.behind_changes === 0) return 'behind';
  return `behind by ${plural(s.behind_changes, 'change', 'changes')}`;
}

/**
 * When the serial it serves (or last served) arrived there, for "Last change arrived 12:04:31
 * (0.8 s after it was made)": the moment, and the delay since the change was made when known.
 * Null when it was never seen serving the zone; `at` null when it served it before the service
 * started watching.
 */
export function lastArrival(s: LastSeen): { at: string | null; after: string | null } | null {
  if (s.last_seen_serial === null) return null;
  const at = s.last_change_arrived_at;
  if (!at) return { at: null, after: null };
  const made = s.last_change_made_at ? Date.parse(s.last_change_made_at) : NaN;
  return { at, after: Number.isNaN(made) ? null : formatDelay(Date.parse(at) - made) };
}

/**
 * How long ago `iso` was, short enough for a table cell: "2 s ago", "4 min ago", "3 h ago", then
 * the date. A server clock slightly ahead of the browser's reads "0 s ago", not "in 1 s".
 */
export function agoText(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return formatDateTime(iso);
}

type Notify = NonNullable<SecondaryStatus['last_notify']>;

/** The last NOTIFY's outcome, without its time (shown beside it as a <time>). */
export function notifyOutcome(n: Notify): string {
  if (n.acknowledged_at) return 'Acknowledged';
  if (n.tries === 0) return 'Not acknowledged yet';
  return `Not acknowledged after ${plural(n.tries, 'try', 'tries')}`;
}

/**
 * One line on the whole: "All 2 secondaries serve serial 7." or "1 of 2 in sync with serial 7",
 * then (for screen readers, in `detail`) each one that is not, so that a change of state is
 * heard, not only a change of count.
 */
export function summary(data: Pick<Secondaries, 'serial' | 'secondaries'>) {
  const list = data.secondaries;
  const synced = list.filter((s) => s.state === 'in_sync').length;
  const text =
    synced === list.length
      ? list.length === 1
        ? `The secondary serves serial ${data.serial}.`
        : `All ${list.length} secondaries serve serial ${data.serial}.`
      : `${synced} of ${list.length} in sync with serial ${data.serial}.`;
  const detail = list
    .filter((s) => s.state !== 'in_sync')
    .map((s) => {
      const standing = lastSeenStanding(s, data.serial);
      const seen = standing ? `, last seen serving serial ${s.last_seen_serial} (${standing})` : '';
      return `${s.target}: ${stateLabel(s)}${seen}.`;
    })
    .join(' ');
  return { text, detail };
}
