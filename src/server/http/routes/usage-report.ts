// Builds the usage response of a range from the stored rows and the counts not flushed yet:
// every day of the range (and with granularity=hour every hour up to the current one), zeros
// included, so that a chart's axis is the range and nothing is left for the client to invent.
import {
  addDays,
  USAGE_OUTCOMES,
  type DayUsage,
  type HourUsage,
  type OutcomeCounts,
  type UsageOutcome,
  type UsageRange,
} from '../../../shared/api';
import type { StoredUsage, UsageCount } from '../../store/usage';

const zeroOutcomes = (): OutcomeCounts =>
  Object.fromEntries(USAGE_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;
const isOutcome = (s: string): s is UsageOutcome =>
  (USAGE_OUTCOMES as readonly string[]).includes(s);

interface Bucket {
  queries: number;
  queries_by_type: Record<string, number>;
  by_outcome: OutcomeCounts;
}
const bucket = (): Bucket => ({ queries: 0, queries_by_type: {}, by_outcome: zeroOutcomes() });

function addType(b: Bucket, qtype: string, n: number) {
  b.queries += n;
  b.queries_by_type[qtype] = (b.queries_by_type[qtype] ?? 0) + n;
}
function addOutcome(b: Bucket, outcome: string, n: number) {
  if (isOutcome(outcome)) b.by_outcome[outcome] += n;
}

export interface UsageReport {
  total: Bucket;
  daily: DayUsage[];
  hourly?: HourUsage[];
}

export function usageReport(
  range: UsageRange,
  stored: StoredUsage,
  unflushed: readonly UsageCount[],
  now = Date.now(),
): UsageReport {
  const days = new Map<string, Bucket>();
  for (let d = range.start; d <= range.end; d = addDays(d, 1)) days.set(d, bucket());
  for (const r of stored.types) {
    const b = days.get(r.day);
    if (b) addType(b, r.qtype, Number(r.count));
  }
  for (const r of stored.outcomes) {
    const b = days.get(r.day);
    if (b) addOutcome(b, r.outcome, Number(r.count));
  }

  let hours: Map<string, Bucket> | undefined;
  if (range.granularity === 'hour') {
    hours = new Map();
    const last = new Date(now).toISOString().slice(0, 13);
    for (let t = Date.parse(`${range.start}T00:00:00Z`); ; t += 3_600_000) {
      const h = new Date(t).toISOString().slice(0, 13);
      if (h > last || h.slice(0, 10) > range.end) break;
      hours.set(h, bucket());
    }
    for (const r of stored.hours) {
      const b = hours.get(r.hour);
      if (b) {
        addType(b, r.qtype, Number(r.count));
        addOutcome(b, r.outcome, Number(r.count));
      }
    }
  }

  for (const c of unflushed) {
    const b = days.get(c.hour.slice(0, 10));
    if (!b) continue;
    addType(b, c.qtype, c.count);
    addOutcome(b, c.outcome, c.count);
    const h = hours?.get(c.hour);
    if (h) {
      addType(h, c.qtype, c.count);
      addOutcome(h, c.outcome, c.count);
    }
  }

  const total = bucket();
  const daily: DayUsage[] = [];
  for (const [date, b] of days) {
    daily.push({ date, ...b });
    for (const [t, n] of Object.entries(b.queries_by_type)) addType(total, t, n);
    for (const o of USAGE_OUTCOMES) total.by_outcome[o] += b.by_outcome[o];
  }
  const hourly = hours && [...hours].map(([h, b]) => ({ hour: `${h}:00:00Z`, ...b }));
  return { total, daily, ...(hourly ? { hourly } : {}) };
}
