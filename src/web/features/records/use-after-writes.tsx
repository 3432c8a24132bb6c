// A dialog opened on a record whose last write is still on its way (a switch flipped a moment
// ago): the table already shows that write, but the service has not stored it yet, so an edit or
// delete made from it would be refused as someone else's change (a false 412), or, were that
// write refused, be made from a state that never was. The dialog waits for the write and then
// works from the record as saved.
import { useState, type ReactNode } from 'react';
import { usePendingRecordIds } from '../../api/records';

/**
 * `value` as it is once no write to any of `ids` is under way, kept from then on (the dialog's
 * own write comes later, and must not send it back to waiting); null until then.
 */
export function useAfterWrites<T>(zoneId: string, ids: readonly string[], value: T): T | null {
  const pending = usePendingRecordIds(zoneId);
  const busy = ids.some((id) => pending.has(id));
  const [kept, setKept] = useState<{ value: T } | null>(busy ? null : { value });
  if (!busy && !kept) {
    setKept({ value });
    return value;
  }
  return kept ? kept.value : null;
}

/** What a dialog says while it waits (a live region: said when it appears). */
export function WaitingForWrite({ children }: { children: ReactNode }) {
  return (
    <div className="callout callout-info" role="status">
      <span className="spinner callout-icon" aria-hidden="true" />
      <div className="callout-body">
        <p>{children}</p>
      </div>
    </div>
  );
}
