// The usage charts' time axis: the hourly series in the daily series' shape, and the journal's
// changes placed on the axis (a day, or an hour) as numbered markers that link to History.
import type { DaySeries } from './usage-days';

export type AxisUnit = 'day' | 'hour';

/** A day's key is YYYY-MM-DD; an hour's, YYYY-MM-DDTHH (UTC). */
export const axisKey = (iso: string, unit: AxisUnit) => iso.slice(0, unit === 'day' ? 10 : 13);

/** The hourly breakdown as rows keyed by hour, for the same stacked chart and table. */
export function asDays(
  hours: { hour: string; queries: number; queries_by_type: Record<string, number> }[],
) {
  return hours.map((h) => ({
    date: axisKey(h.hour, 'hour'),
    queries: h.queries,
    queries_by_type: h.queries_by_type,
  }));
}

/** "11-25" for a day, "11-25 13h" for an hour: what a tick on the axis says. */
export function tickLabel(key: string, unit: AxisUnit): string {
  return unit === 'day' ? key.slice(5) : `${key.slice(5, 10)} ${key.slice(11, 13)}h`;
}

export interface ChangeMarker {
  /** 1, 2, … oldest first: the number drawn on the chart and shown in the list. */
  n: number;
  id: string;
  summary: string;
  created_at: string;
  /** Where on the axis (a row's `date`). */
  at: string;
}

/** The changes that fall on the series' axis, oldest first, numbered. */
export function changeMarkers(
  changes: readonly { id: string; summary: string; created_at: string }[],
  series: DaySeries,
  unit: AxisUnit,
): ChangeMarker[] {
  const keys = new Set(series.rows.map((r) => r.date));
  return changes
    .filter((c) => keys.has(axisKey(c.created_at, unit)))
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((c, i) => ({
      n: i + 1,
      id: c.id,
      summary: c.summary,
      created_at: c.created_at,
      at: axisKey(c.created_at, unit),
    }));
}

/** Markers by axis position: several changes in one day share one line, "1–3" or "2, 5". */
export function markerLines(markers: readonly ChangeMarker[]): { at: string; label: string }[] {
  const byAt = new Map<string, number[]>();
  for (const m of markers) byAt.set(m.at, [...(byAt.get(m.at) ?? []), m.n]);
  return [...byAt].map(([at, ns]) => ({
    at,
    label:
      ns.length > 2 && ns.at(-1)! - ns[0]! === ns.length - 1
        ? `${ns[0]}–${ns.at(-1)}`
        : ns.join(', '),
  }));
}
