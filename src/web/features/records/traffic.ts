// What the records page does with each RRset's traffic: sorting by it, the "not queried in N
// days" filter, and the sentences of the dialogs' guardrail. Pure, over the traffic map.
import type { RrsetTraffic, TrafficMap } from '../../api/rrset-usage';
import { trafficKey } from '../../api/rrset-usage';
import { formatDelay, formatNumber } from '../../ui/format';
import type { RRset } from './rrsets';

/** Days the table's "Queries" column counts. */
export const TABLE_DAYS = 30;
/** Days the dialogs' guardrail looks at. */
export const GUARD_DAYS = 7;
/**
 * Queries in GUARD_DAYS at and above which a delete needs one more confirmation: about one
 * query every 1.7 hours from the resolvers that asked, after their caches. Below it a record is
 * asked rarely enough that a cleanup should not nag; above it some client depends on it.
 */
export const GUARD_THRESHOLD = 100;
/** The choices of the "not queried in" filter. */
export const UNUSED_DAYS = [7, 14, 30, 35] as const;
const DAY_MS = 86_400_000;

export const trafficOf = (map: TrafficMap | undefined, set: Pick<RRset, 'name' | 'type'>) =>
  map?.byRRset.get(trafficKey(set.name, set.type));

/** RRsets without a query in the last `days` days (rolling, from `now`). */
export function notQueriedIn(
  sets: readonly RRset[],
  map: TrafficMap,
  days: number,
  now: number,
): readonly RRset[] {
  const since = now - days * DAY_MS;
  return sets.filter((s) => {
    const last = trafficOf(map, s)?.last ?? null;
    return last === null || last < since;
  });
}

export type TrafficSort = 'queries' | 'last';

/**
 * Most queried first, or least recently queried first (never queried at the top); ties keep
 * the list's order. Keys are read once per RRset, then numbers are compared.
 */
export function orderByTraffic(
  sets: readonly RRset[],
  map: TrafficMap | undefined,
  by: TrafficSort,
): readonly RRset[] {
  const keyed = sets.map((s, i) => {
    const t = trafficOf(map, s);
    return { s, i, k: by === 'queries' ? -(t?.queries ?? 0) : (t?.last ?? -1) };
  });
  keyed.sort((a, b) => a.k - b.k || a.i - b.i);
  return keyed.map((x) => x.s);
}

/** "queried 1,234 times in the last 7 days, last 2 min ago", or "not queried in the last 7 days". */
export function trafficSentence(t: RrsetTraffic | undefined, days: number, now: number): string {
  const period = `in the last ${days} ${days === 1 ? 'day' : 'days'}`;
  if (!t || t.queries === 0) {
    const last = t?.last ? `; last ${formatDelay(now - t.last)} ago` : '';
    return `Not queried ${period}${last}.`;
  }
  const times = t.queries === 1 ? 'once' : `${formatNumber(t.queries)} times`;
  const last = t.last ? `, last ${formatDelay(now - t.last)} ago` : '';
  return `Queried ${times} ${period}${last}.`;
}

/** Whether deleting this RRset's values needs the extra confirmation. */
export const needsConfirmation = (t: RrsetTraffic | undefined) =>
  (t?.queries ?? 0) >= GUARD_THRESHOLD;
