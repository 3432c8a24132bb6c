// DNSSEC bodies (usage statistics: usage.ts).
import { z } from 'zod';
import { envelope } from './common';

export const dnssecStatusSchema = z.object({
  zone_id: z.string(),
  enabled: z.boolean(),
  algorithm: z.string().nullable(),
  key_count: z.number().int(),
  /**
   * Since when the zone asks its parent to remove the DS (its CDS and CDNSKEY are RFC 8078's
   * delete signal), or null. Only while DNSSEC is on: turning it off clears it.
   */
  ds_removal_requested_at: z.string().nullable(),
});
export type DnssecStatus = z.infer<typeof dnssecStatusSchema>;

export const dnssecPatchInput = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
    // The hosted service's older clients send `enable` (compat).
    enable: z.boolean({ error: 'enable must be true or false.' }).optional(),
    /** true: ask the parent to remove the DS (RFC 8078 delete CDS); false: stop asking. */
    ds_removal: z.boolean({ error: 'ds_removal must be true or false.' }).optional(),
  })
  .refine((v) => v.enabled !== undefined || v.enable !== undefined || v.ds_removal !== undefined, {
    message:
      'Send {"enabled": true} to turn DNSSEC on or {"enabled": false} to turn it off, or {"ds_removal": true} to ask the parent to remove the DS first.',
    // No path: the answer's generic "field is required" would hide that ds_removal is a choice.
    path: [],
  })
  .transform((v) => ({ enabled: v.enabled ?? v.enable, ds_removal: v.ds_removal }))
  .refine((v) => !(v.enabled === true && v.ds_removal === true), {
    message:
      'ds_removal: true asks the parent to remove a DS it already holds; a key made by {"enabled": true} has none yet. Turn DNSSEC on first, or leave ds_removal out.',
    path: ['ds_removal'],
  })
  .refine((v) => !(v.enabled === false && v.ds_removal !== undefined), {
    message:
      'ds_removal is asked of a zone that stays signed; {"enabled": false} deletes the key at once. Send one or the other.',
    path: ['ds_removal'],
  });

export const cryptokeySchema = z.object({
  id: z.string(),
  keytype: z.string(),
  active: z.boolean(),
  published: z.boolean(),
  algorithm: z.string(),
  bits: z.number().int(),
  flags: z.number().int(),
  keytag: z.number().int(),
  dnskey: z.string(),
  ds: z.array(z.string()),
});
export type Cryptokey = z.infer<typeof cryptokeySchema>;

export const dnssecStatusResponse = envelope(dnssecStatusSchema);
export const cryptokeysResponse = envelope(z.object({ cryptokeys: z.array(cryptokeySchema) }));
/**
 * The account's zone hosted here above a zone, if any (ADR 0030): it delegates to the zone and,
 * while the zone is signed, publishes its DS itself, so no registrar is involved.
 */
export const parentZoneSchema = z
  .object({
    zone_id: z.string(),
    name: z.string(),
    /** Whether the parent publishes this zone's DS now. */
    holds_ds: z.boolean(),
    /** NS records in the parent send this name to other nameservers: it holds no DS. */
    delegated_elsewhere: z.boolean(),
    /** The parent zone is enabled (a disabled zone is not served). */
    enabled: z.boolean(),
    /** The parent is signed: only then does its DS make this zone validate. */
    signed: z.boolean(),
  })
  .nullable();

export const dsResponse = envelope(
  z.object({
    ds_records: z.array(z.string()),
    /**
     * What the zone publishes at its apex for parents that read CDS and CDNSKEY (RFC 7344, RFC
     * 8078): the SHA-256 DS and the DNSKEY, so such a registry or registrar can install the DS
     * without it being copied by hand. Empty while DNSSEC is off.
     */
    cds_records: z.array(z.string()),
    cdnskey_records: z.array(z.string()),
    parent_zone: parentZoneSchema,
  }),
);
export type DsAnswer = z.infer<typeof dsResponse>['data'];
