// Records grouped into RRsets (name + type), sorted, and filtered by type and a search text.
// Grouping and sorting run when the list changes; a keystroke only filters.
import { relativeName } from '../../../shared/dns/names';
import type { DnsRecord } from '../../api/records';

export interface RRset {
  key: string;
  /** Absolute, with the trailing dot, as the API gives it. */
  name: string;
  /** "@", "www": what the table shows. */
  relative: string;
  type: string;
  ttl: number;
  comment: string | null;
  values: DnsRecord[];
  /** Lower-case name, contents and comment: what the search box looks in. */
  haystack: string;
}

export type SortKey = 'name' | 'type';

export const rrsetKey = (name: string, type: string) => `${name} ${type}`;

/** "@" first, then names compared label by label from the right, like a zone file. */
function compareNames(a: RRset, b: RRset): number {
  if (a.relative === b.relative) return 0;
  if (a.relative === '@') return -1;
  if (b.relative === '@') return 1;
  const la = a.relative.split('.').reverse();
  const lb = b.relative.split('.').reverse();
  for (let i = 0; i < Math.min(la.length, lb.length); i++) {
    const c = (la[i] ?? '').localeCompare(lb[i] ?? '', 'en', { numeric: true });
    if (c !== 0) return c;
  }
  return la.length - lb.length;
}

export function groupRRsets(records: readonly DnsRecord[], zoneName: string): RRset[] {
  const groups = new Map<string, RRset>();
  for (const r of records) {
    const key = rrsetKey(r.name, r.type);
    let g = groups.get(key);
    if (!g) {
      const relative = relativeName(r.name, zoneName);
      g = {
        key,
        name: r.name,
        relative,
        type: r.type,
        ttl: r.ttl,
        comment: r.comment,
        values: [],
        haystack: `${relative}\n${r.name}\n${r.comment ?? ''}`.toLowerCase(),
      };
      groups.set(key, g);
    }
    g.values.push(r);
    g.haystack += `\n${r.content.toLowerCase()}`;
  }
  for (const g of groups.values()) g.values.sort((a, b) => a.content.localeCompare(b.content));
  return [...groups.values()];
}

export function sortRRsets(sets: RRset[], by: SortKey): RRset[] {
  const byType = (a: RRset, b: RRset) => a.type.localeCompare(b.type);
  return [...sets].sort((a, b) =>
    by === 'type' ? byType(a, b) || compareNames(a, b) : compareNames(a, b) || byType(a, b),
  );
}

/** RRsets of `type` (all when empty) with `query` in their name, a content or the comment. */
export function filterRRsets(
  sets: readonly RRset[],
  { type, query, keep }: { type: string; query: string; keep?: string | null },
): RRset[] {
  const needle = query.trim().toLowerCase();
  if (!needle && !type) return sets as RRset[];
  return sets.filter(
    (s) =>
      (!type || s.type === type) &&
      (!needle || s.haystack.includes(needle) || (keep != null && s.key === keep)),
  );
}

/** Types present in the zone, with how many RRsets each has. */
export function typeCounts(sets: readonly RRset[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sets) counts.set(s.type, (counts.get(s.type) ?? 0) + 1);
  return counts;
}
