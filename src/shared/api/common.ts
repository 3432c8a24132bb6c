// The envelope, the error shape and paging: the parts every route shares.
import { z } from 'zod';

export const paginationSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  count: z.number().int(),
  has_more: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const ERROR_CODES = [
  'invalid_request',
  'invalid_zone_name',
  'invalid_region',
  'invalid_zone_ttl',
  'invalid_record_name',
  'invalid_record_type',
  'invalid_record_content',
  'invalid_record_ttl',
  'invalid_record_comment',
  'record_mismatch',
  'ambiguous_record',
  'unauthorized',
  'insufficient_scope',
  'zone_not_found',
  'record_not_found',
  'not_found',
  'method_not_allowed',
  'zone_already_exists',
  'zone_name_conflict',
  'quota_exceeded',
  'record_already_exists',
  'cname_conflict',
  'rrset_too_large',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'storage_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The request field an error code is about, so that a form can put the message beside it. */
export const ERROR_CODE_FIELD: Partial<Record<ErrorCode, string>> = {
  invalid_zone_name: 'name',
  zone_already_exists: 'name',
  zone_name_conflict: 'name',
  invalid_region: 'region',
  invalid_zone_ttl: 'ttl',
  invalid_record_name: 'name',
  invalid_record_type: 'type',
  invalid_record_content: 'content',
  invalid_record_ttl: 'ttl',
  invalid_record_comment: 'comment',
  record_already_exists: 'content',
  rrset_too_large: 'content',
  cname_conflict: 'type',
  ambiguous_record: 'content',
  record_mismatch: 'name',
};

export const errorBodySchema = z.object({
  status: z.literal('error'),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

export const messageSchema = z.object({ message: z.string() });

/** `limit`/`offset` query parameters: strings on the wire, integers after parsing. */
export function pagingQuery(defaultLimit: number) {
  const int = (name: string, min: number) =>
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .pipe(z.number().int().min(min, `${name} must be at least ${min}`))
      .optional();
  return z.object({
    limit: int('limit', 1).meta({ description: `Page size, default ${defaultLimit}` }),
    offset: int('offset', 0),
  });
}
