// Parsers of the single-zone answers: the shared zod schemas behind the compat normalisation.
// Loaded on demand (zones.ts imports it dynamically), so zod stays out of the initial load.
import { z } from 'zod';
import { messageSchema } from '../../shared/api/common';
import { zoneSchema } from '../../shared/api/zones';
import { normalizeZone, unwrapSingle } from './compat';

export const zoneParser = z.preprocess((v) => normalizeZone(unwrapSingle(v, 'zone')), zoneSchema);

/** `{ message }`, or a bare string. */
export const messageParser = z.preprocess(
  (v) => (typeof v === 'string' ? { message: v } : v),
  messageSchema,
);
