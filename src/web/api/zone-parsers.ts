// Parsers of the single-zone answers: the shared zod schemas behind the compat normalisation.
// Loaded on demand (zones.ts imports it dynamically), so zod stays out of the initial load.
import { z } from 'zod';
import { messageSchema } from '../../shared/api/common';
import { zoneSchema } from '../../shared/api/zones';
import { zoneFileSummarySchema } from '../../shared/api/zone-file';
import { normalizeZone, unwrapSingle } from './compat';

export const zoneParser = z.preprocess((v) => normalizeZone(unwrapSingle(v, 'zone')), zoneSchema);

/** A zone just created; made from a zone file, with what was taken of the file. */
export const createdZoneParser = z.preprocess(
  (v) => normalizeZone(unwrapSingle(v, 'zone')),
  zoneSchema.extend({ zone_file: zoneFileSummarySchema.optional() }),
);

/** `{ message }`, or a bare string. */
export const messageParser = z.preprocess(
  (v) => (typeof v === 'string' ? { message: v } : v),
  messageSchema,
);
