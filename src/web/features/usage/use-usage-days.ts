// The range of days the usage page shows, kept in the URL (?from=2026-10-01&to=2026-10-31) so a
// view can be bookmarked; none: the service's default, the current month. ?by=hour: the last 7
// days hour by hour.
import { useSearchParams } from 'react-router';
import {
  isCalendarDay,
  USAGE_MAX_RANGE_DAYS,
  usageRange,
  type UsageRangeProblem,
} from '../../../shared/api';
import type { UsageDays } from '../../api/usage';

export type DaysCheck =
  | { ok: true; days: UsageDays | undefined }
  | { ok: false; field: 'start_date' | 'end_date'; message: string };

/** The same rules the service applies (shared), so a bad range is named before it is sent. */
export function checkDays(from: string, to: string, now = Date.now()): DaysCheck {
  if (!from && !to) return { ok: true, days: undefined };
  if (!isCalendarDay(from)) return { ok: false, field: 'start_date', message: 'Pick a first day.' };
  if (!isCalendarDay(to)) return { ok: false, field: 'end_date', message: 'Pick a last day.' };
  const r = usageRange({ start_date: from, end_date: to, granularity: 'day' }, now);
  if (r.ok) return { ok: true, days: { start: r.start, end: r.end } };
  return { ok: false, field: r.field, message: PICKER_WORDS[r.problem](r.bound) };
}

/** The shared rules' refusals in the picker's words (From and To, not the API's parameters). */
const PICKER_WORDS: Record<UsageRangeProblem, (bound: string) => string> = {
  future: (today) => `The last day can be today (${today}, UTC) at the latest.`,
  reversed: (start) => `To is before From: pick ${start} or a later day.`,
  too_long: (first) =>
    `A range covers at most ${USAGE_MAX_RANGE_DAYS} days: pick ${first} or a later day in From.`,
  hourly_too_old: (first) => `Hours are kept for the last week: pick ${first} or a later day.`,
};

export function useUsageDays() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const check = checkDays(from, to);
  const hourly = params.get('by') === 'hour';
  const setDays = (days: UsageDays | undefined | 'hourly') =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('by');
      if (days === 'hourly') {
        p.set('by', 'hour');
        p.delete('from');
        p.delete('to');
      } else if (days) {
        p.set('from', days.start);
        p.set('to', days.end);
      } else {
        p.delete('from');
        p.delete('to');
      }
      return p;
    });
  return { from, to, check, hourly, setDays };
}
