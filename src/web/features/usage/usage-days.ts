// The daily series and the outcome breakdown, computed from the API's answer only.
import { USAGE_OUTCOMES, type UsageOutcome } from '../../../shared/api/usage';

export interface DaySeries {
  /** Types with queries in the range, most asked first: the stack's order. */
  types: string[];
  /** One row per day of the range: `date`, then a count per type (0 when none). */
  rows: ({ date: string; total: number } & Record<string, number | string>)[];
}

export function daySeries(
  days: { date: string; queries: number; queries_by_type: Record<string, number> }[],
): DaySeries {
  const totals = new Map<string, number>();
  for (const d of days)
    for (const [t, n] of Object.entries(d.queries_by_type)) totals.set(t, (totals.get(t) ?? 0) + n);
  const types = [...totals]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([t]) => t);
  const rows = days.map((d) => {
    const row: DaySeries['rows'][number] = { date: d.date, total: d.queries };
    for (const t of types) row[t] = d.queries_by_type[t] ?? 0;
    return row;
  });
  return { types, rows };
}

export const OUTCOME_LABELS: Record<UsageOutcome, string> = {
  answer: 'Answered',
  nxdomain: 'NXDOMAIN (no such name)',
  nodata: 'NODATA (name exists, not the type)',
  referral: 'Referral (delegated name)',
  refused: 'REFUSED (zone disabled)',
};

export interface OutcomeRow {
  outcome: UsageOutcome;
  label: string;
  count: number;
  /** 0–1, of the sum of the outcomes. */
  share: number;
}

export function outcomeRows(byOutcome: Record<UsageOutcome, number>): OutcomeRow[] {
  const sum = USAGE_OUTCOMES.reduce((s, o) => s + byOutcome[o], 0);
  return USAGE_OUTCOMES.map((outcome) => ({
    outcome,
    label: OUTCOME_LABELS[outcome],
    count: byOutcome[outcome],
    share: sum ? byOutcome[outcome] / sum : 0,
  }));
}
