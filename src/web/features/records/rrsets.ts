// The table's view of the RRsets: in type order when asked, filtered by type and a search text.
// The list arrives in name order with each RRset's search text already lower-cased
// (api/record-list.ts): a keystroke is one substring test per RRset, and a keystroke that only
// adds to the search looks only among what the previous one found.
import type { RRset } from '../../api/record-list';

export type { RRset } from '../../api/record-list';
export type SortKey = 'name' | 'type' | 'queries' | 'last';

/**
 * Type order, names in name order within each type: a stable pass by type, no comparison sort.
 * The traffic orders start from name order (traffic.ts sorts by the counts).
 */
export function orderRRsets(sets: readonly RRset[], by: SortKey): readonly RRset[] {
  if (by !== 'type') return sets;
  const byType = new Map<string, RRset[]>();
  for (const s of sets) {
    const bucket = byType.get(s.type);
    if (bucket) bucket.push(s);
    else byType.set(s.type, [s]);
  }
  return [...byType.keys()].sort().flatMap((t) => byType.get(t)!);
}

export interface Filter {
  type: string;
  query: string;
  /** An RRset kept whatever the search (the one just saved). */
  keep?: string | null;
}

/** RRsets of `type` (all when empty) with `query` in their name, a content or the comment. */
export function filterRRsets(
  sets: readonly RRset[],
  { type, query, keep }: Filter,
): readonly RRset[] {
  const needle = query.trim().toLowerCase();
  if (!needle && !type) return sets;
  return sets.filter(
    (s) =>
      (!type || s.type === type) &&
      (!needle || s.haystack.includes(needle) || (keep != null && s.key === keep)),
  );
}

interface Last {
  type: string;
  needle: string;
  keep: string | null;
  result: readonly RRset[];
}

/** The last filter over each list. */
const lastFilter = new WeakMap<readonly RRset[], Last>();

/**
 * `filterRRsets`, narrowing the previous result over the same list when only the search grew
 * ("ho" → "hos"): what did not match "ho" cannot match "hos", so the next keystroke looks only at
 * what is left.
 */
export function filterNarrowing(sets: readonly RRset[], filter: Filter): readonly RRset[] {
  const needle = filter.query.trim().toLowerCase();
  const keep = filter.keep ?? null;
  const prev = lastFilter.get(sets);
  const same = prev !== undefined && prev.type === filter.type && prev.keep === keep;
  if (same && prev.needle === needle) return prev.result;
  const narrows = same && prev.needle !== '' && needle.includes(prev.needle);
  const result = filterRRsets(narrows ? prev.result : sets, {
    type: filter.type,
    query: needle,
    keep,
  });
  lastFilter.set(sets, { type: filter.type, needle, keep, result });
  return result;
}

/** Types present in the zone, with how many RRsets each has. */
export function typeCounts(sets: readonly RRset[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sets) counts.set(s.type, (counts.get(s.type) ?? 0) + 1);
  return counts;
}
