// The records view's state: sort, type filter and open dialog in the URL (bookmarkable, and
// restored after a sign-in); the search text lives in the page for speed and follows into the URL
// once typing pauses.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseRecordType } from '../../../shared/dns/records';
import type { SortKey } from './rrsets';
import { UNUSED_DAYS } from './traffic';

const SORTS: readonly SortKey[] = ['name', 'type', 'queries', 'last'];

const URL_DELAY_MS = 400;

export function useRecordsView() {
  const [params, setParams] = useSearchParams();
  const sort: SortKey = SORTS.find((s) => s === params.get('sort')) ?? 'name';
  /** "Not queried in N days": N, or null when the filter is off. */
  const unused = UNUSED_DAYS.find((d) => String(d) === params.get('unused')) ?? null;
  const type = parseRecordType(params.get('type') ?? '') ?? '';
  /** "new", or the id of the record being edited. */
  const dialog = params.get('record');
  /** With "new": the id of the record the new one starts as a copy of (Duplicate). */
  const from = dialog === 'new' ? params.get('from') : null;
  const [query, setQuery] = useState(() => params.get('q') ?? '');

  // Changes asked for and not yet in the URL. The router hands an update the parameters of the
  // render it was made in: a search text written to the URL just after Edit was clicked (both
  // still on their way) would otherwise drop the dialog's parameter. Every update carries them.
  const pending = useRef<Record<string, string | null>>({});
  useEffect(() => {
    for (const [k, v] of Object.entries(pending.current)) {
      if ((params.get(k) ?? null) === (v || null)) delete pending.current[k];
    }
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      Object.assign(pending.current, changes);
      const all = { ...pending.current };
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(all)) {
            if (v) p.set(k, v);
            else p.delete(k);
          }
          return p;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // Stable: the memoised rows of the table hold them.
  const openDialog = useCallback(
    (what: string | null) => update({ record: what, from: null }),
    [update],
  );
  const openDuplicate = useCallback((id: string) => update({ record: 'new', from: id }), [update]);

  const urlQuery = params.get('q') ?? '';
  useEffect(() => {
    if (query === urlQuery) return;
    const t = setTimeout(() => update({ q: query || null }), URL_DELAY_MS);
    return () => clearTimeout(t);
  }, [query, urlQuery, update]);

  return {
    sort,
    type,
    unused,
    dialog,
    from,
    query,
    setQuery,
    setSort: (s: SortKey) => update({ sort: s === 'name' ? null : s }),
    setType: (t: string) => update({ type: t || null }),
    setUnused: (days: number | null) => update({ unused: days ? String(days) : null }),
    openDialog,
    /** The New record dialog, filled in from this record: ?record=new&from=<id>. */
    openDuplicate,
  };
}
