// The change watch (ADR 0018): GET /v1/zones/{zone_id}/usage/watch, the zone's changes of the
// last 15 minutes and how queries for the names they touched are answered since.
import { z } from 'zod';
import { envelope } from './common';

/** How long after a change its names are watched. */
export const WATCH_MINUTES = 15;
/** Names watched per change at most (a change's removed RRsets' names first). */
export const WATCH_NAMES_MAX = 32;
/** Changes watched per zone at most: an older one stops being watched when a newer one comes. */
export const WATCH_CHANGES_MAX = 8;
/**
 * Failed queries (NXDOMAIN or NODATA) for a name and type that was answered before the change,
 * from which the verdict is an alert. Before the change there were none by construction.
 */
export const WATCH_ALERT_FAILURES = 10;

const outcomeCounts = {
  answer: z.number().int(),
  nxdomain: z.number().int(),
  nodata: z.number().int(),
};

const watchedName = z.object({
  /** Absolute, lower-cased, with the trailing dot. */
  name: z.string(),
  /** What the server answered for the name just before the change was applied. */
  before: z.object({
    /** Query types that got an answer. */
    answered_types: z.array(z.string()),
    /** Every query type got an answer (a CNAME at the name, or a wildcard CNAME). */
    every_type_answered: z.boolean(),
    /** What the other types got. */
    other_types: z.enum(['answer', 'nxdomain', 'nodata', 'referral', 'refused']),
  }),
  /** Queries for the name since the change, by outcome. */
  after: z.object({
    ...outcomeCounts,
    /** Of those, queries of a type answered before that now got NXDOMAIN or NODATA. */
    failed: z.object({
      nxdomain: z.number().int(),
      nodata: z.number().int(),
      by_type: z.record(z.string(), z.number().int()),
    }),
  }),
});

const watchMinute = z.object({
  /** The minute's start: the change's time plus whole minutes. */
  start: z.string(),
  ...outcomeCounts,
  failed: z.number().int(),
});

export const watchedChangeSchema = z.object({
  change_id: z.string(),
  /** The journal's summary of the change; null when it is no longer in the journal. */
  summary: z.string().nullable(),
  applied_at: z.string(),
  watched_until: z.string(),
  /** Distinct names the change touched; at most WATCH_NAMES_MAX are watched. */
  names_changed: z.number().int(),
  names: z.array(watchedName),
  /** Per minute since the change (minutes passed so far), the watched names' queries. */
  minutes: z.array(watchMinute),
  /** Queries of a name and type answered before that got NXDOMAIN or NODATA since. */
  failed: z.number().int(),
  /** The change that reverted this one, when it was; the watch stopped counting then. */
  reverted_by: z.string().nullable(),
  verdict: z.object({
    status: z.enum(['ok', 'alert', 'reverted']),
    /** In plain words, what the counts say. */
    reason: z.string(),
  }),
});
export type WatchedChange = z.infer<typeof watchedChangeSchema>;

export const changeWatchSchema = z.object({
  /** Newest first. Empty when no change of the last 15 minutes is watched. */
  changes: z.array(watchedChangeSchema),
  watch_minutes: z.number().int(),
  alert_failures: z.number().int(),
});
export type ChangeWatchReport = z.infer<typeof changeWatchSchema>;

export const changeWatchResponse = envelope(changeWatchSchema);
