// The records page's selection for bulk edits, with a stable `select` for the memoised rows: it
// reads the RRsets shown through a ref, so a keystroke in the search does not re-render every row.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RRset } from './rrsets';
import { rangeIds, retainIn, withIds } from './selection';

export interface SelectTarget {
  set: RRset;
  /** A value's id; null for the whole RRset. */
  id: string | null;
}

/** What a row's checkbox calls: `extend` (shift) selects the range from the last one clicked. */
export type SelectHandler = (target: SelectTarget, on: boolean, extend: boolean) => void;

/** `shown`: the RRsets the table shows; `all`: the zone's, which a selection may reach beyond. */
export function useSelection(shown: readonly RRset[], all: readonly RRset[]) {
  const [chosen, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  // A record deleted (or given a new id by an edit) leaves the selection: "N selected" stays true.
  // One pass over the zone per click or write, and none while nothing is selected.
  const selection = useMemo(() => retainIn(chosen, all), [chosen, all]);
  const anchor = useRef<string | null>(null);
  const current = useRef(shown);
  useLayoutEffect(() => {
    current.current = shown;
  }, [shown]);

  const select = useCallback<SelectHandler>((target, on, extend) => {
    const ids = extend
      ? rangeIds(current.current, anchor.current, target)
      : target.id === null
        ? target.set.values.map((v) => v.id)
        : [target.id];
    anchor.current = target.id ?? target.set.values[0]?.id ?? null;
    setSelection((s) => withIds(s, ids, on));
  }, []);

  /** Selects exactly `ids` ("Select all matching": the values the search found). */
  const selectAll = useCallback((ids: ReadonlySet<string>) => setSelection(ids), []);
  const clear = useCallback(() => {
    anchor.current = null;
    setSelection(new Set());
  }, []);

  return useMemo(
    () => ({ selection, select, selectAll, clear }),
    [selection, select, selectAll, clear],
  );
}
