// Turns zod failures into the error codes of the decisions file: a present but wrong field gets
// its own code (invalid_record_ttl, ...), a missing field or a bad query value `invalid_request`.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorCode } from '../../shared/api/common';
import { COMMENT_MAX, TTL_MAX, TTL_MIN } from '../../shared/dns/limits';
import { errorJson } from './errors';

type FieldCodes = Partial<Record<string, ErrorCode>>;

export const RECORD_FIELDS: FieldCodes = {
  name: 'invalid_record_name',
  type: 'invalid_record_type',
  content: 'invalid_record_content',
  ttl: 'invalid_record_ttl',
  comment: 'invalid_record_comment',
};
const ZONE_FIELDS: FieldCodes = {
  name: 'invalid_zone_name',
  region: 'invalid_region',
  ttl: 'invalid_zone_ttl',
};

export const BOUNDS: Record<string, Record<string, unknown>> = {
  ttl: { min: TTL_MIN, max: TTL_MAX },
  comment: { max_length: COMMENT_MAX },
};

interface HookResult {
  success: boolean;
  error?: z.ZodError;
  data?: unknown;
  target: string;
}

function fieldCodesFor(path: string): FieldCodes {
  if (/\/records(\/|$)/.test(path)) return RECORD_FIELDS;
  if (/^\/v1\/zones(\/[^/]+)?$/.test(path)) return ZONE_FIELDS;
  return {};
}

export function validationHook(result: HookResult, c: Context) {
  if (result.success || !result.error) return undefined;
  const issue = result.error.issues[0]!;
  // The batch's operations: name the operation and its field.
  if (issue.path[0] === 'operations' && typeof issue.path[1] === 'number') {
    const index = issue.path[1];
    const field = typeof issue.path[2] === 'string' ? issue.path[2] : undefined;
    return errorJson(c, 400, 'invalid_request', `operations[${index}]: ${issue.message}`, {
      index,
      ...(field ? { field } : {}),
    });
  }
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;

  if (result.target !== 'json') {
    // A parameter given twice (?limit=1&limit=2) reaches the schema as an array.
    const given = field && result.target === 'query' ? c.req.queries(field)?.length : undefined;
    if (field && given !== undefined && given > 1) {
      return errorJson(
        c,
        400,
        'invalid_request',
        `The query parameter ${field} is given ${given} times; give it once.`,
        { field },
      );
    }
    const where = field ? `query parameter ${field}` : 'request';
    return errorJson(
      c,
      400,
      'invalid_request',
      `Bad ${where}: ${issue.message}`,
      field ? { field } : undefined,
    );
  }
  const body = result.data;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return errorJson(c, 400, 'invalid_request', 'The request body must be a JSON object.');
  }
  if (!field) return errorJson(c, 400, 'invalid_request', issue.message);
  if ((body as Record<string, unknown>)[field] === undefined) {
    return errorJson(c, 400, 'invalid_request', `The field "${field}" is required.`, { field });
  }
  const code = fieldCodesFor(c.req.path)[field] ?? 'invalid_request';
  const params = (issue as { params?: { expected?: unknown; details?: object } }).params;
  const expected = params?.expected;
  return errorJson(c, 400, code, issue.message, {
    field,
    ...(BOUNDS[field] ?? {}),
    ...(typeof expected === 'string' ? { expected } : {}),
    ...params?.details, // figures a shared rule reports, such as { max_bytes }
  });
}
