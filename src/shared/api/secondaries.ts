// Where a zone has arrived: the operator's secondaries (DNS_NOTIFY targets), the serial each one
// serves now (asked by an SOA query when the request comes), and the last NOTIFY sent to each.
import { z } from 'zod';
import { envelope } from './common';

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
  behind_changes: z.number().int().nullable(),
  /** What it answered, for `refused`: "REFUSED", "NOTAUTH (BADSIG)"… */
  detail: z.string().nullable(),
  /** When the SOA query was made (ISO 8601). */
  checked_at: z.string(),
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
  /** Whether the zone is transferred at all (signed zones are not yet). */
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
