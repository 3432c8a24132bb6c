// DNSSEC bodies (usage statistics: usage.ts).
import { z } from 'zod';
import { envelope } from './common';

export const dnssecStatusSchema = z.object({
  zone_id: z.string(),
  enabled: z.boolean(),
  algorithm: z.string().nullable(),
  key_count: z.number().int(),
});
export type DnssecStatus = z.infer<typeof dnssecStatusSchema>;

export const dnssecPatchInput = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
    // The hosted service's older clients send `enable` (compat).
    enable: z.boolean({ error: 'enable must be true or false.' }).optional(),
  })
  .refine((v) => v.enabled !== undefined || v.enable !== undefined, {
    message: 'Send {"enabled": true} to turn DNSSEC on or {"enabled": false} to turn it off.',
    path: ['enabled'],
  })
  .transform((v) => ({ enabled: (v.enabled ?? v.enable) as boolean }));

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
  }),
);
