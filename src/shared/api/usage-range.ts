// The range a usage request covers, from its parameters and the current time: the rules that
// need "today" (defaults, bounds), written once for the server and the dashboard's picker.
import { USAGE_HOURLY_DAYS, USAGE_MAX_RANGE_DAYS, type UsageGranularity } from './usage';

const DAY_MS = 86_400_000;

export interface UsageRange {
  /** First and last UTC day, both included (YYYY-MM-DD). */
  start: string;
  end: string;
  granularity: UsageGranularity;
  /** The default month, the default hourly week, or what the caller asked for. */
  period: 'current_month' | 'last_7_days' | 'custom';
}

/** Why a range is refused, and the day the fix is about, for callers that word it their own way. */
export type UsageRangeProblem = 'future' | 'reversed' | 'too_long' | 'hourly_too_old';

export type UsageRangeResult =
  | ({ ok: true } & UsageRange)
  | {
      ok: false;
      field: 'start_date' | 'end_date';
      /** In the API's words (its parameter names). */
      message: string;
      problem: UsageRangeProblem;
      /** today for 'future'; otherwise the first day a fixed range may start or end on. */
      bound: string;
    };

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) => Math.round((dayMs(b) - dayMs(a)) / DAY_MS);
export const addDays = (day: string, n: number) => utcDay(dayMs(day) + n * DAY_MS);

/**
 * Defaults: the current month up to today, or with granularity=hour the last 7 days. Days are
 * checked for shape by the query schema; this checks how they sit against each other and today.
 */
export function usageRange(
  q: {
    start_date?: string | undefined;
    end_date?: string | undefined;
    granularity: UsageGranularity;
  },
  now = Date.now(),
): UsageRangeResult {
  const today = utcDay(now);
  const hourly = q.granularity === 'hour';
  const firstHourlyDay = addDays(today, -(USAGE_HOURLY_DAYS - 1));
  const end = q.end_date ?? today;
  const start =
    q.start_date ??
    (hourly ? (end < firstHourlyDay ? end : firstHourlyDay) : `${end.slice(0, 7)}-01`);
  const fail = (
    field: 'start_date' | 'end_date',
    message: string,
    problem: UsageRangeProblem,
    bound: string,
  ) => ({ ok: false, field, message, problem, bound }) as const;
  if (end > today)
    return fail(
      'end_date',
      `end_date ${end} is in the future; the last day counted is today, ${today} (UTC)`,
      'future',
      today,
    );
  if (start > end)
    return fail(
      'end_date',
      `end_date ${end} is before start_date ${start}; give an end_date on or after it`,
      'reversed',
      start,
    );
  if (daysBetween(start, end) > USAGE_MAX_RANGE_DAYS)
    return fail(
      'start_date',
      `start_date ${start} is more than ${USAGE_MAX_RANGE_DAYS} days before end_date ${end}; give a start_date on or after ${addDays(end, -USAGE_MAX_RANGE_DAYS)}`,
      'too_long',
      addDays(end, -USAGE_MAX_RANGE_DAYS),
    );
  if (hourly && start < firstHourlyDay)
    return fail(
      'start_date',
      `hourly series cover the last ${USAGE_HOURLY_DAYS} days only: give a start_date on or after ${firstHourlyDay}, or granularity=day`,
      'hourly_too_old',
      firstHourlyDay,
    );
  const period =
    q.start_date !== undefined || q.end_date !== undefined
      ? 'custom'
      : hourly
        ? 'last_7_days'
        : 'current_month';
  return { ok: true, start, end, granularity: q.granularity, period };
}
