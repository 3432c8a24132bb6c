// Queries per RRset: GET .../usage/rrsets, its query and response (ADR 0017).
import { z } from 'zod';
import { envelope } from './common';

/** Days one may ask for: the per-RRset daily counts are kept 35 days. */
export const RRSET_USAGE_MAX_DAYS = 35;
export const RRSET_USAGE_DEFAULT_DAYS = 30;

const daysMessage = `days must be a whole number of days from 1 to ${RRSET_USAGE_MAX_DAYS} (per-RRset counts are kept ${RRSET_USAGE_MAX_DAYS} days), e.g. days=30`;

export const rrsetUsageQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, daysMessage)
    .refine((s) => Number(s) >= 1 && Number(s) <= RRSET_USAGE_MAX_DAYS, daysMessage)
    .optional()
    .meta({
      description: `The last N UTC days, today included (default ${RRSET_USAGE_DEFAULT_DAYS}, 1 to ${RRSET_USAGE_MAX_DAYS})`,
      example: '30',
    }),
});
export type RrsetUsageQuery = z.input<typeof rrsetUsageQuery>;

export const rrsetUsageItem = z.object({
  /** Absolute, with the trailing dot, as the records routes write it. */
  name: z.string(),
  type: z.string(),
  /** Queries answered from this RRset in the last `days` UTC days. */
  queries: z.number().int(),
  /** The last query answered from it (ISO 8601 UTC); null when none was counted. */
  last_queried_at: z.string().nullable(),
});
export type RrsetUsageItem = z.infer<typeof rrsetUsageItem>;

export const rrsetUsageSchema = z.object({
  zone_id: z.string(),
  days: z.number().int(),
  /** The first UTC day counted (YYYY-MM-DD); the last is today. */
  since: z.string(),
  /** Every RRset of the zone, in (name, type) order, queried or not. */
  rrsets: z.array(rrsetUsageItem),
});
export type RrsetUsage = z.infer<typeof rrsetUsageSchema>;

export const rrsetUsageResponse = envelope(rrsetUsageSchema);
