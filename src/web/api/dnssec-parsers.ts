// Parsers of the DNSSEC answers: the shared zod schemas. Loaded on demand (dnssec.ts imports it
// dynamically), so zod stays out of the initial load.
import { z } from 'zod';
import {
  cryptokeySchema,
  dnssecStatusSchema,
  parentZoneSchema,
} from '../../shared/api/usage-dnssec';

export const dnssecStatusParser = dnssecStatusSchema.extend({
  // A server from before the DS removal request (ADR 0029) does not send it.
  ds_removal_requested_at: z.string().nullable().default(null),
});
export const cryptokeysParser = z.object({ cryptokeys: z.array(cryptokeySchema) });
export const dsParser = z.object({
  ds_records: z.array(z.string()),
  // A server from before CDS (ADR 0029) sends neither: nothing is published.
  cds_records: z.array(z.string()).default([]),
  cdnskey_records: z.array(z.string()).default([]),
  // A server from before ADR 0030 does not say: as if no parent were hosted here.
  parent_zone: parentZoneSchema.default(null),
});
