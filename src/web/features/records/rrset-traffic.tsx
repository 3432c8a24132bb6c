// The RRset's recent traffic in the edit and delete dialogs ("Queried 1,234 times in the last
// 7 days, last 2 min ago"), and the delete dialog's extra confirmation when it is in use.
import { useId } from 'react';
import { useRrsetUsage } from '../../api/rrset-usage';
import { cx } from '../../ui/cx';
import {
  GUARD_DAYS,
  GUARD_THRESHOLD,
  needsConfirmation,
  trafficOf,
  trafficSentence,
} from './traffic';

export interface Guard {
  /** The traffic is read (or could not be: then nothing is asked). */
  settled: boolean;
  /** Deleting needs the checkbox. */
  needed: boolean;
  sentence: string | null;
}

/** The RRset's traffic of the last GUARD_DAYS days, and whether a delete must be confirmed. */
export function useGuard(zoneId: string, set: { name: string; type: string }): Guard {
  const q = useRrsetUsage(zoneId, GUARD_DAYS);
  if (q.isPending) return { settled: false, needed: false, sentence: null };
  if (!q.data) return { settled: true, needed: false, sentence: null };
  const t = trafficOf(q.data, set);
  return {
    settled: true,
    needed: needsConfirmation(t),
    sentence: trafficSentence(t, GUARD_DAYS, q.dataUpdatedAt),
  };
}

/** One line: the traffic, or why it is not there. */
export function TrafficLine({ guard, id }: { guard: Guard; id?: string }) {
  let text: string;
  if (!guard.settled) text = 'Reading its recent traffic…';
  else if (guard.sentence) text = guard.sentence;
  else text = 'Its recent traffic could not be read.';
  return (
    <p id={id} className={cx('traffic-line', guard.needed && 'traffic-line-busy')}>
      {text}
      {guard.sentence && (
        <span className="traffic-line-hint">
          {' '}
          Counted by this service’s DNS server only: resolvers’ caches and secondaries answer more.
        </span>
      )}
    </p>
  );
}

/** The checkbox that a delete of an RRset in use waits for. */
export function ConfirmInUse({
  label,
  checked,
  onChange,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  describedBy: string;
}) {
  const id = useId();
  return (
    <label className="checkbox confirm-in-use" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        Delete {label} although it is in use
        <span className="checkbox-hint">
          At {GUARD_THRESHOLD} or more queries in {GUARD_DAYS} days, some clients depend on it; they
          will get no answer for it.
        </span>
      </span>
    </label>
  );
}
