// Where a zone has arrived: the operator's secondaries (DNS_NOTIFY targets), the serial each one
// serves now (asked by an SOA query when the request comes), when each serial arrived there, and
// the last NOTIFY sent to each. Arrival times are the service's memory since it started: the SOA
// queries of this route, and those it makes by itself after a secondary acknowledges a NOTIFY
// (within a fraction of a second of the transfer), the last 50 serials per zone and secondary.
import { z } from 'zod';
import { envelope } from './common';

/** Arrivals remembered per zone and secondary (the newest). */
export const ARRIVALS_KEPT = 50;

export const SECONDARY_STATES = ['in_sync', 'behind', 'unreachable', 'refused'] as const;
export type SecondaryState = (typeof SECONDARY_STATES)[number];

export const secondarySchema = z.object({
  /** "host:port" as configured. */
  target: z.string(),
  /** Whether NOTIFY and SOA queries to it are TSIG-signed. */
  signed: z.boolean(),
  /**
   * in_sync: it serves our serial. behind: an older one (behind_changes says by how many
   * changes, null when the journal no longer reaches it). unreachable: no answer in time.
   * refused: it answered without the zone (not configured for it, or a TSIG mismatch).
   */
  state: z.enum(SECONDARY_STATES),
  /** The serial it serves now; null when unreachable or refused. */
  serial: z.number().int().nullable(),
  /**
   * Changes of the journal newer than the serial it serves (RFC 1982 order), or, unreachable or
   * refused, than `last_seen_serial`. 0 when in sync, and also when it is behind by a serial that
   * records no change (a re-signing); null when unknown: never seen, or the journal no longer
   * reaches back to its serial.
   */
  behind_changes: z.number().int().nullable(),
  /** What it answered, for `refused`: "REFUSED", "NOTAUTH (BADSIG)"… */
  detail: z.string().nullable(),
  /** When the SOA query was made (ISO 8601). */
  checked_at: z.string(),
  /**
   * The serial it answered at the last SOA query that got one: now, or earlier when it is
   * unreachable or refuses now. Null when never seen serving the zone since the service started.
   */
  last_seen_serial: z.number().int().nullable(),
  /** When it was last seen serving `last_seen_serial` (ISO 8601); null with it. */
  last_seen_at: z.string().nullable(),
  /**
   * Each serial's arrival, newest first (the last ARRIVALS_KEPT = 50): when it was first seen served there. A
   * serial it already served when first asked, made before the service started, is not listed:
   * when it arrived is unknown.
   */
  arrivals: z
    .array(
      z.object({
        serial: z.number().int(),
        /** ISO 8601 */
        at: z.string(),
      }),
    )
    .max(ARRIVALS_KEPT),
  /** When `last_seen_serial` arrived there (its entry in `arrivals`); null when unknown. */
  last_change_arrived_at: z.string().nullable(),
  /**
   * When `last_seen_serial` was made here (ISO 8601): its change in the journal, or, for a serial
   * the journal does not record, the moment the service made it. Null when unknown.
   */
  last_change_made_at: z.string().nullable(),
  /** The last NOTIFY of this zone to it since the service started; null when none. */
  last_notify: z
    .object({
      serial: z.number().int(),
      tries: z.number().int(),
      /** When it acknowledged the NOTIFY; null while unacknowledged. */
      acknowledged_at: z.string().nullable(),
    })
    .nullable(),
});
export type SecondaryStatus = z.infer<typeof secondarySchema>;

export const secondariesSchema = z.object({
  zone_id: z.string(),
  /** The serial Zonedeck serves now. */
  serial: z.number().int(),
  /** Whether the zone is transferred at all (a disabled zone is not). */
  transferable: z.boolean(),
  /** Why not, when `transferable` is false. */
  reason: z.string().nullable(),
  secondaries: z.array(secondarySchema),
});
export type Secondaries = z.infer<typeof secondariesSchema>;
export const secondariesResponse = envelope(secondariesSchema);

/** POST …/secondaries/notify: NOTIFY sent now to every secondary (202). */
export const notifySentSchema = z.object({
  zone_id: z.string(),
  serial: z.number().int(),
  targets: z.array(z.string()),
});
export const notifySentResponse = envelope(notifySentSchema);
