// The top names of a zone's UTC day: GET .../usage/top-names, its query and response.
import { z } from 'zod';
import { envelope } from './common';
import { isCalendarDay } from './usage';

/** Names each list holds at most. */
export const TOP_NAMES_LISTED = 20;

export const topNamesQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a UTC day written YYYY-MM-DD, e.g. 2026-11-01')
    .refine(isCalendarDay, 'date is not a day of the calendar; write a real UTC day as YYYY-MM-DD')
    .optional()
    .meta({ description: 'The UTC day (default: today), not after today', format: 'date' }),
});
export type TopNamesQuery = z.input<typeof topNamesQuery>;

const topName = z.object({
  /** Absolute, lower-cased, with the trailing dot. */
  name: z.string(),
  /** Counted queries: at most `error` more than the true count. */
  queries: z.number().int(),
  /** How much `queries` may over-count; 0 means exact. The true count is at least queries − error. */
  error: z.number().int(),
});

export const topNamesSchema = z.object({
  date: z.string(),
  /** The most asked names of the day, most first. */
  asked: z.array(topName),
  /** The names that got NXDOMAIN most often that day, most first. */
  nxdomain: z.array(topName),
});
export type TopNames = z.infer<typeof topNamesSchema>;
export type TopName = z.infer<typeof topName>;

export const topNamesResponse = envelope(topNamesSchema);
