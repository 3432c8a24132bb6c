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

/**
 * RRsets of `type` (all when empty) with `query` in their name, a content or the comment. An
 * RRset is shown whole; which of its values the search found is `matchingValues`.
 */
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

/**
 * The values of a shown RRset that the search itself finds: every value when the RRset's name or
 * comment holds the text (they belong to each value), else the values whose content holds it. A
 * matching RRset still shows all its values, but "all matching" must not take the others: in an
 * apex TXT of 96 values, a search for "spf1" matches 9. The type and traffic filters keep or drop
 * whole RRsets; the RRset kept whatever the search (`keep`) has no match of its own.
 */
export function matchingValues(set: RRset, query: string): readonly RRset['values'][number][] {
  const needle = query.trim().toLowerCase();
  if (!needle) return set.values;
  if (!set.haystack.includes(needle)) return [];
  const has = (text: string | null) => text !== null && text.toLowerCase().includes(needle);
  if (has(set.relative) || has(set.name) || has(set.comment)) return set.values;
  return set.values.filter((v) => has(v.content));
}

/** How many values of the shown RRsets the search finds (see `matchingValues`). */
export function countMatching(sets: readonly RRset[], query: string): number {
  let n = 0;
  for (const s of sets) n += matchingValues(s, query).length;
  return n;
}

/** The ids of the values of the shown RRsets the search finds: what "Select all matching" takes. */
export function matchingIds(sets: readonly RRset[], query: string): Set<string> {
  const ids = new Set<string>();
  for (const s of sets) for (const v of matchingValues(s, query)) ids.add(v.id);
  return ids;
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
