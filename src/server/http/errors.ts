// One error type for every refusal; the app's error handler turns it into the error envelope.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../shared/api/common';
import { storageFault } from '../store/storage-fault';
import type { AppEnv } from './context';

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

/**
 * A storage fault (disk full, read-only, I/O error, damaged file, lock held by another process)
 * as `503 storage_unavailable`, with Retry-After when waiting can help. The answer names the
 * kind of fault only (no path, no SQL, per the decisions); the log gets the original error.
 * Returns undefined for any other error.
 */
export function storageUnavailable(c: Context<AppEnv>, err: unknown) {
  const fault = storageFault(err);
  if (!fault) return undefined;
  c.get('log')?.error({ err, storage: fault.cause }, 'storage fault');
  if (fault.retryAfter) c.header('Retry-After', String(fault.retryAfter));
  const what = fault.write ? 'write to its database' : 'use its database';
  const then = fault.retryAfter ? 'try again later' : 'its operator must repair it';
  return errorJson(
    c,
    503,
    'storage_unavailable',
    `The service cannot ${what} right now (${fault.cause}); ${then}.`,
    { cause: fault.cause, ...(fault.retryAfter ? { retry_after: fault.retryAfter } : {}) },
  );
}
