// The change watch as the API shows it (ADR 0018): per change, its names' outcomes since, what
// they got before, per-minute counts and a verdict in plain words.
import {
  WATCH_ALERT_FAILURES,
  type WatchedChange as WatchedChangeReport,
} from '../../shared/api/usage-watch';
import type { WatchedChange, WatchedName } from './change-watch';

const MINUTE_MS = 60_000;
const fqdn = (name: string) => `${name}.`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function failedText(w: WatchedName): string {
  const parts: string[] = [];
  if (w.failedNxdomain)
    parts.push(`${plural(w.failedNxdomain, 'query', 'queries')} for ${fqdn(w.name)} got NXDOMAIN`);
  if (w.failedNodata)
    parts.push(
      `${plural(w.failedNodata, 'query', 'queries')} for ${fqdn(w.name)} got no data (NODATA)`,
    );
  return parts.join(' and ');
}

/** The verdict: an alert from WATCH_ALERT_FAILURES failed queries of answered names and types. */
export function verdictOf(c: WatchedChange): WatchedChangeReport['verdict'] {
  if (c.revertedBy)
    return { status: 'reverted', reason: `Reverted by change ${c.revertedBy}; no longer counted.` };
  if (c.failed >= WATCH_ALERT_FAILURES) {
    const worst = [...c.names.values()]
      .filter((w) => w.failedNxdomain + w.failedNodata > 0)
      .sort((a, b) => b.failedNxdomain + b.failedNodata - (a.failedNxdomain + a.failedNodata));
    const named = worst.slice(0, 3).map(failedText).join('; ');
    const more =
      worst.length > 3 ? `; and ${plural(worst.length - 3, 'name more', 'names more')}` : '';
    return {
      status: 'alert',
      reason: `${named}${more}. Before the change they were answered.`,
    };
  }
  if (c.failed > 0)
    return {
      status: 'ok',
      reason: `${plural(c.failed, 'query', 'queries')} of a name and type answered before the change failed since; an alert comes from ${WATCH_ALERT_FAILURES}.`,
    };
  return { status: 'ok', reason: 'No query answered before the change has failed since.' };
}

export function watchReport(
  c: WatchedChange,
  summary: string | null,
  now: number,
): WatchedChangeReport {
  const passed = Math.min(
    Math.floor(c.minutes.length / 4),
    Math.floor((Math.min(now, c.until) - c.appliedAt) / MINUTE_MS) + 1,
  );
  const minutes = Array.from({ length: passed }, (_, i) => ({
    start: new Date(c.appliedAt + i * MINUTE_MS).toISOString(),
    answer: c.minutes[i * 4]!,
    nxdomain: c.minutes[i * 4 + 1]!,
    nodata: c.minutes[i * 4 + 2]!,
    failed: c.minutes[i * 4 + 3]!,
  }));
  return {
    change_id: c.id,
    summary,
    applied_at: new Date(c.appliedAt).toISOString(),
    watched_until: new Date(c.until).toISOString(),
    names_changed: c.namesChanged,
    names: [...c.names.values()].map((w) => ({
      name: fqdn(w.name),
      before: {
        answered_types: [...w.before.answered].sort(),
        every_type_answered: w.before.everyType,
        other_types: w.before.other,
      },
      after: {
        answer: w.answer,
        nxdomain: w.nxdomain,
        nodata: w.nodata,
        failed: {
          nxdomain: w.failedNxdomain,
          nodata: w.failedNodata,
          by_type: Object.fromEntries(w.failedByType),
        },
      },
    })),
    minutes,
    failed: c.failed,
    reverted_by: c.revertedBy,
    verdict: verdictOf(c),
  };
}
