// The fetch wrapper: Bearer key, JSON, the envelope unwrapped, every answer checked against a
// schema, every failure raised as one ApiError.
import { ApiError } from './api-error';
import type { Parser } from './parser';
import { rateLimitWait, sleep } from './rate-limit';
import { session, type Session } from './session';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Checks `data` of the envelope: a shared zod schema (behind the compat normalisation). */
  schema: Parser<T>;
  /** Credentials to use instead of the signed-in session (the sign-in check). */
  as?: Session;
  /** The media type asked for; JSON unless a route answers text (the zone-file export). */
  accept?: string;
  /** More request headers (If-Match of a record write); they cannot replace Authorization. */
  headers?: Record<string, string>;
}

const TIMEOUT_MS = 30_000;

function fallbackMessage(status: number): string {
  if (status === 401) return 'The service did not accept this API key.';
  if (status === 403) return 'Your API key lacks a scope this action needs.';
  if (status === 404) return 'The service has no such resource.';
  if (status === 429) return 'Too many requests with this API key; wait a moment and try again.';
  if (status >= 500) return `The service had a problem (HTTP ${status}); try again in a moment.`;
  return `The service refused the request (HTTP ${status}).`;
}

function toApiError(status: number, body: unknown, requestId: string | null): ApiError {
  const err = (body as { error?: unknown } | null)?.error;
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; message?: unknown; details?: unknown };
    const details =
      e.details && typeof e.details === 'object' ? (e.details as Record<string, unknown>) : {};
    return new ApiError(
      status,
      typeof e.code === 'string' ? e.code : `http_${status}`,
      typeof e.message === 'string' && e.message ? e.message : fallbackMessage(status),
      details,
      requestId,
    );
  }
  // Tolerate `{ error: "text" }` and `{ message: "text" }` bodies from proxies and gateways.
  const text = typeof err === 'string' ? err : (body as { message?: unknown } | null)?.message;
  const message = typeof text === 'string' && text ? text : fallbackMessage(status);
  return new ApiError(
    status,
    status === 401 ? 'unauthorized' : `http_${status}`,
    message,
    {},
    requestId,
  );
}

function unwrapEnvelope(body: unknown): unknown {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: unknown }).data;
  return body; // a bare object: tolerated, then checked by the schema like any other
}

function buildUrl(base: string, path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

function withTimeout(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

/** One round trip; an unreachable service or a timeout becomes a network_error ApiError. */
type SendOptions = Omit<RequestOptions<unknown>, 'schema'>;

async function send(
  creds: Session,
  path: string,
  options: SendOptions,
  method: Method,
): Promise<Response> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: options.accept ?? 'application/json',
    Authorization: `Bearer ${creds.key}`,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(buildUrl(creds.baseUrl, path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: withTimeout(options.signal),
    });
  } catch (e) {
    if (options.signal?.aborted) throw e; // cancelled by the caller: not an error to show
    const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
    const where = creds.baseUrl || window.location.origin;
    throw new ApiError(
      0,
      'network_error',
      timedOut
        ? `The service at ${where} did not answer within ${TIMEOUT_MS / 1000} seconds.`
        : `Could not reach the service at ${where}. Check the address and your connection.`,
    );
  }
}

/** The answer after waiting out rate limits, as the signed-in session (or `options.as`). */
async function respond(path: string, options: SendOptions): Promise<Response> {
  const creds = options.as ?? session.get();
  if (!creds) throw new ApiError(401, 'not_signed_in', 'Sign in with an API key to continue.');
  const method = options.method ?? 'GET';
  let res = await send(creds, path, options, method);
  for (let retries = 0; ; retries++) {
    const wait = rateLimitWait(method, res, retries);
    if (wait === null) break;
    await res.body?.cancel();
    await sleep(wait, options.signal);
    res = await send(creds, path, options, method);
  }
  return res;
}

/** A GET answered as text (a file); a failure is the same ApiError as for JSON routes. */
export async function apiText(
  path: string,
  options: { accept: string; signal?: AbortSignal; as?: Session },
): Promise<string> {
  const res = await respond(path, options);
  const text = await res.text();
  if (res.ok) return text;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* a proxy's page: the status says enough */
  }
  throw toApiError(res.status, body, res.headers.get('X-Request-ID'));
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const res = await respond(path, options);

  const requestId = res.headers.get('X-Request-ID');
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) {
      throw new ApiError(
        res.status,
        'invalid_response',
        'The service answered with something other than JSON.',
        {},
        requestId,
      );
    }
  }
  if (!res.ok) throw toApiError(res.status, body, requestId);

  const parsed = options.schema.safeParse(unwrapEnvelope(body));
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      'invalid_response',
      'The service answered in a shape this dashboard does not understand.',
      { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) },
      requestId,
    );
  }
  return parsed.data;
}
