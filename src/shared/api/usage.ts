// Usage statistics of a zone: the query parameters and the response of GET .../usage.
import { z } from 'zod';
import { envelope } from './common';

/**
 * What the server answered, as usage counts it: an answer; NXDOMAIN; NODATA (the name exists,
 * the type does not); a referral to a delegated child; REFUSED (the zone is disabled).
 */
export const USAGE_OUTCOMES = ['answer', 'nxdomain', 'nodata', 'referral', 'refused'] as const;
export type UsageOutcome = (typeof USAGE_OUTCOMES)[number];
export const USAGE_GRANULARITIES = ['day', 'hour'] as const;
export type UsageGranularity = (typeof USAGE_GRANULARITIES)[number];

/** Days one request may span (end_date − start_date). */
export const USAGE_MAX_RANGE_DAYS = 366;
/** Days of hourly series one may ask for: today and the six days before it. */
export const USAGE_HOURLY_DAYS = 7;

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a UTC day written YYYY-MM-DD, e.g. 2026-11-01`)
    .refine(
      isCalendarDay,
      `${name} is not a day of the calendar; write a real UTC day as YYYY-MM-DD`,
    );

/** 2026-02-30 has the shape of a day and is none (Date would roll it over to March). */
export function isCalendarDay(s: string): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(s);
}

export const usageQuery = z.object({
  start_date: day('start_date')
    .optional()
    .meta({
      description: `First UTC day (default: the first of the current month); at most ${USAGE_MAX_RANGE_DAYS} days before end_date`,
      format: 'date',
    }),
  end_date: day('end_date').optional().meta({
    description: 'Last UTC day, included, not after today (default: today)',
    format: 'date',
  }),
  granularity: z
    .enum(USAGE_GRANULARITIES, { error: 'granularity must be "day" or "hour"' })
    .default('day')
    .meta({
      description: `"hour" adds an hourly series; it needs the range within the last ${USAGE_HOURLY_DAYS} days`,
    }),
});
export type UsageQuery = z.input<typeof usageQuery>;

const countsByType = z.record(z.string(), z.number().int());
const countsByOutcome = z.object(
  Object.fromEntries(USAGE_OUTCOMES.map((o) => [o, z.number().int()])) as Record<
    UsageOutcome,
    z.ZodNumber
  >,
);

export const dayUsageSchema = z.object({
  date: z.string(),
  queries: z.number().int(),
  queries_by_type: countsByType,
  by_outcome: countsByOutcome,
});
const hourUsage = z.object({
  /** The hour's start, ISO 8601 UTC (2026-11-25T13:00:00Z). */
  hour: z.string(),
  queries: z.number().int(),
  queries_by_type: countsByType,
  by_outcome: countsByOutcome,
});

export const usageSchema = z.object({
  zone_id: z.string(),
  zone_name: z.string(),
  /** "current_month" or "last_7_days" (granularity=hour) by default; "custom" with dates. */
  period: z.string(),
  /** Queries in the period (the same as total_queries). */
  queries: z.number().int(),
  queries_by_type: countsByType,
  total_queries: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  granularity: z.enum(USAGE_GRANULARITIES),
  by_outcome: countsByOutcome,
  daily_breakdown: z.array(dayUsageSchema),
  /** Present with granularity=hour: every hour of the range up to the current one. */
  hourly_breakdown: z.array(hourUsage).optional(),
});
export type Usage = z.infer<typeof usageSchema>;
export type DayUsage = z.infer<typeof dayUsageSchema>;
export type HourUsage = z.infer<typeof hourUsage>;
export type OutcomeCounts = z.infer<typeof countsByOutcome>;

export const usageResponse = envelope(usageSchema);
