// The records view's state: sort, type filter and open dialog in the URL (bookmarkable, and
// restored after a sign-in); the search text lives in the page for speed and follows into the URL
// once typing pauses.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseRecordType } from '../../../shared/dns/records';
import type { SortKey } from './rrsets';

const URL_DELAY_MS = 400;

export function useRecordsView() {
  const [params, setParams] = useSearchParams();
  const sort: SortKey = params.get('sort') === 'type' ? 'type' : 'name';
  const type = parseRecordType(params.get('type') ?? '') ?? '';
  /** "new", or the id of the record being edited. */
  const dialog = params.get('record');
  const [query, setQuery] = useState(() => params.get('q') ?? '');

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) p.set(k, v);
            else p.delete(k);
          }
          return p;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const urlQuery = params.get('q') ?? '';
  useEffect(() => {
    if (query === urlQuery) return;
    const t = setTimeout(() => update({ q: query || null }), URL_DELAY_MS);
    return () => clearTimeout(t);
  }, [query, urlQuery, update]);

  return {
    sort,
    type,
    dialog,
    query,
    setQuery,
    setSort: (s: SortKey) => update({ sort: s === 'name' ? null : s }),
    setType: (t: string) => update({ type: t || null }),
    openDialog: (what: string | null) => update({ record: what }),
  };
}
