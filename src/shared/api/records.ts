// Record bodies: create and update input, the record object, lists.
import { z } from 'zod';
import { normalizeContent, parseRecordType, RECORD_TYPES } from '../dns/records';
import { envelope, messageSchema, paginationSchema, pagingQuery, RECORD_PAGE } from './common';
import { commentSchema, ttlSchema } from './fields';

export const recordTypeSchema = z
  .string({ error: `Type must be one of ${RECORD_TYPES.join(', ')}.` })
  .transform((value, ctx) => {
    const t = parseRecordType(value);
    if (t) return t;
    ctx.addIssue({
      code: 'custom',
      message: `Type "${value}" is not supported; use one of ${RECORD_TYPES.join(', ')}.`,
    });
    return z.NEVER;
  });

const contentString = z.string({ error: 'Content must be a string.' });

/** Record name as typed: `@`, relative, or absolute inside the zone. The route resolves it. */
const recordNameString = z.string({ error: 'Name must be a string such as "@" or "www".' });

/** Checks `content` against the rules of `type`, replacing it with its canonical form. */
function withCanonicalContent<T extends { type: string; content: string }>(
  value: T,
  ctx: z.RefinementCtx,
): T {
  const t = parseRecordType(value.type);
  if (!t) return value;
  const r = normalizeContent(t, value.content);
  if (r.ok) return { ...value, content: r.value };
  ctx.addIssue({
    code: 'custom',
    path: ['content'],
    message: r.message,
    params: { expected: r.expected, details: r.details },
  });
  return value;
}

export const createRecordInput = z
  .object({
    name: recordNameString,
    type: recordTypeSchema,
    content: contentString,
    ttl: ttlSchema.optional(),
    disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
    comment: commentSchema.nullable().optional(),
  })
  .transform(withCanonicalContent);
export type CreateRecordInput = z.input<typeof createRecordInput>;

export const updateRecordInput = z
  .object({
    name: recordNameString,
    type: recordTypeSchema,
    content: contentString,
    ttl: ttlSchema,
    disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
    comment: commentSchema.nullable().optional(),
  })
  .transform(withCanonicalContent);
export type UpdateRecordInput = z.input<typeof updateRecordInput>;

/** By-name update: name and type come from the path; the body may repeat them, not change them. */
export const updateRecordByNameInput = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  content: contentString,
  ttl: ttlSchema,
  disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
  comment: commentSchema.nullable().optional(),
});
export type UpdateRecordByNameInput = z.input<typeof updateRecordByNameInput>;

export const recordSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  content: z.string(),
  ttl: z.number().int(),
  disabled: z.boolean(),
  comment: z.string().nullable(),
});
export type DnsRecord = z.infer<typeof recordSchema>;

export const recordListSchema = z.object({
  records: z.array(recordSchema),
  pagination: paginationSchema,
});

export const recordResponse = envelope(z.object({ record: recordSchema }));
export const recordWriteResponse = envelope(messageSchema.extend({ record: recordSchema }));
export const recordListResponse = envelope(recordListSchema);
export const recordDeleteResponse = envelope(
  messageSchema.extend({ deleted: z.number().int().optional() }),
);

/** GET records: a page, of the records of one name and/or one type when asked. */
export const recordListQuery = pagingQuery(RECORD_PAGE).extend({
  name: z.string().optional().meta({
    description: 'Only the records of this name: @, relative (www) or absolute (www.example.com.)',
  }),
  type: z.string().optional().meta({ description: 'Only the records of this type (A, MX…)' }),
});
