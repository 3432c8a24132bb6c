// One error type for every refusal; the app's error handler turns it into the error envelope.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../shared/api/common';

export class ApiFailure extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function errorJson(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return c.json(
    { status: 'error' as const, error: { code, message, ...(details ? { details } : {}) } },
    status,
  );
}

export const fail = {
  badRequest: (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
    new ApiFailure(400, code, message, details),
  notFound: (code: ErrorCode, message: string) => new ApiFailure(404, code, message),
};
