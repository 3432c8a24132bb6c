// Parsers of the record answers: the shared zod schemas behind the hosted service's variants
// (list items that name only five fields, `{ record: … }` wrappers or bare records).
import { z } from 'zod';
import { messageSchema, paginationSchema } from '../../shared/api/common';
import { recordSchema } from '../../shared/api/records';
import { isObj, unwrapSingle } from './compat';

/** List items may lack `disabled` and `comment` (the spec names five fields). */
function normalizeRecord(value: unknown): unknown {
  if (!isObj(value)) return value;
  return {
    ...value,
    type: typeof value.type === 'string' ? value.type.toUpperCase() : value.type,
    disabled: value.disabled ?? false,
    comment: value.comment ?? null,
  };
}

export const recordPageParser = z.preprocess(
  (v) => {
    if (!isObj(v) || !Array.isArray(v.records)) return v;
    return { ...v, records: v.records.map(normalizeRecord) };
  },
  z.object({ records: z.array(recordSchema), pagination: paginationSchema }),
);

/** `{ message, record }`, `{ record }` or a bare record: the record as it now is. */
export const recordWriteParser = z.preprocess(
  (v) => normalizeRecord(unwrapSingle(v, 'record')),
  recordSchema,
);

/** `{ message, deleted? }`, or a bare string. */
export const recordDeleteParser = z.preprocess(
  (v) => (typeof v === 'string' ? { message: v } : v),
  messageSchema.extend({ deleted: z.number().int().optional() }),
);

/** Records as an error's details give them (a 412's `details.records`: what is stored now). */
export const storedRecordsParser = z.array(z.preprocess(normalizeRecord, recordSchema));
