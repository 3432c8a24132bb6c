// Parsers of the DNSSEC answers: the shared zod schemas. Loaded on demand (dnssec.ts imports it
// dynamically), so zod stays out of the initial load.
import { z } from 'zod';
import { cryptokeySchema, dnssecStatusSchema } from '../../shared/api/usage-dnssec';

export const dnssecStatusParser = dnssecStatusSchema;
export const cryptokeysParser = z.object({ cryptokeys: z.array(cryptokeySchema) });
export const dsParser = z.object({ ds_records: z.array(z.string()) });
