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
  /** If-Match named a version of the record (or RRset) that is no longer current: 412. */
  'precondition_failed',
  'unauthorized',
  'insufficient_scope',
  'zone_not_found',
  'record_not_found',
  'change_not_found',
  'not_found',
  'method_not_allowed',
  'zone_already_exists',
  'zone_name_conflict',
  'quota_exceeded',
  'record_already_exists',
  'cname_conflict',
  'delegation_conflict',
  'change_conflict',
  'change_not_revertible',
  'batch_too_large',
  'zone_file_invalid',
  'large_delete_unconfirmed',
  'zone_not_served',
  'rrset_too_large',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'storage_unavailable',
  /** /readyz: the node cannot serve traffic yet (database, DNS view). */
  'not_ready',
  /** A DNSSEC step that needs DNSSEC on (the DS removal request): 409. */
  'dnssec_disabled',
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
  delegation_conflict: 'name',
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

/** The success envelope: `envelope` is its schema for a response's data, `success` the value. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

export function success<T>(data: T) {
  return { status: 'success' as const, data };
}

export const messageSchema = z.object({ message: z.string() });

/** The page size of a list when `limit` is left out, and the most one page holds. */
export interface PageSize {
  default: number;
  max: number;
}
export const ZONE_PAGE: PageSize = { default: 10, max: 100 };
export const RECORD_PAGE: PageSize = { default: 50, max: 1000 };

/**
 * `limit`/`offset` query parameters: strings on the wire, integers after parsing, with their
 * defaults applied and a `limit` above the maximum clamped to it (as the API decisions say).
 */
export function pagingQuery(size: PageSize) {
  const int = (name: string, min: number) =>
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number, at least ${min}`)
      // Digits beyond a double's range are a very large number, not an error: limit is clamped
      // to its maximum, and an offset past the end gives an empty page.
      .transform((v) => Math.min(Number(v), Number.MAX_SAFE_INTEGER))
      .pipe(z.number().int().min(min, `${name} must be at least ${min}`));
  // The document shows what the parameter means (a whole number, its bounds and default), not
  // the string pattern it is parsed with.
  return z.object({
    limit: int('limit', 1)
      .transform((n) => Math.min(n, size.max))
      .default(size.default)
      .meta({
        description: `Page size (default ${size.default}; a limit above ${size.max} gives ${size.max})`,
        type: 'integer',
        minimum: 1,
        maximum: size.max,
        default: size.default,
      }),
    offset: int('offset', 0)
      .default(0)
      .meta({ description: 'Items to skip', type: 'integer', minimum: 0, default: 0 }),
  });
}
