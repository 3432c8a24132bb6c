// The checks every /v1 request passes, in the order the decisions file fixes:
// routing (404/405), authentication (401) with its rate limits (429), scope (403), body size and
// type (413/415).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import type { RouteTable } from './route-table';
import type { Store } from '../store/db';
import { findKey } from '../store/customers';
import { KeyCache } from '../store/key-cache';
import { errorJson } from './errors';
import { addressKey, rateLimitHeaders, tooManyRequests, type RateLimits } from './rate-limit';

export const MAX_BODY_BYTES = 1024 * 1024;
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function gate(
  routes: RouteTable,
  store: Store,
  limits: RateLimits,
): MiddlewareHandler<AppEnv> {
  const { db, feed } = store;
  // PostgreSQL: the keys found are kept while the change feed would tell of their revocation.
  let known: KeyCache | undefined;
  if (feed) {
    const cache = new KeyCache(() => feed.listening);
    feed.watchKeys((keyId) => (keyId === null ? cache.clear() : cache.forget(keyId)));
    known = cache;
  }
  // Enforces the cap on streamed bodies without a Content-Length as well.
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => tooLarge(c) });
  return async (c, next) => {
    const match = routes.match(c.req.method, c.req.path);
    if (!match) {
      return errorJson(
        c,
        404,
        'not_found',
        `There is no route ${c.req.path}; see /v1/openapi.json for the API.`,
      );
    }
    if ('allow' in match) {
      c.header('Allow', match.allow.join(', '));
      return errorJson(
        c,
        405,
        'method_not_allowed',
        `${c.req.method} is not allowed on ${c.req.path}; use ${match.allow.join(', ')}.`,
        { allow: match.allow },
      );
    }
    const { entry } = match;
    if (entry.public) return next();

    // An address that keeps failing authentication is refused before the key lookup, whatever
    // key it sends: otherwise a guessing flood would still learn which guesses are good.
    const address = addressKey(clientAddress(c));
    const { failures, keys } = limits;
    const wait = failures?.wait(address) ?? 0;
    if (failures && wait > 0) return tooManyRequests(c, limits, failures, wait, 'address');
    const failed = () => void failures?.take(address);

    const header = c.req.header('Authorization') ?? '';
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!bearer?.[1]) {
      failed();
      c.header('WWW-Authenticate', 'Bearer');
      return errorJson(
        c,
        401,
        'unauthorized',
        header
          ? 'The Authorization header must be "Bearer <API key>".'
          : 'Send your API key in the header "Authorization: Bearer <API key>".',
      );
    }
    const principal = await findKey(db, bearer[1], known);
    if (!principal) {
      failed();
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return errorJson(
        c,
        401,
        'unauthorized',
        'This API key is unknown or has been revoked; sign in with a valid key.',
      );
    }
    c.set('principal', principal);
    c.get('log').setBindings?.({ customer: principal.customerId });

    // After authentication, so that requests with unknown keys cost a real key nothing.
    if (keys) {
      const taken = keys.take(principal.keyId);
      if (!taken.ok) return tooManyRequests(c, limits, keys, taken.waitSeconds, 'key');
      rateLimitHeaders(c, keys, principal.keyId, taken.remaining);
    }

    const missing = entry.scopes.filter((s) => !principal.scopes.has(s));
    if (missing.length) {
      return errorJson(
        c,
        403,
        'insufficient_scope',
        `This API key lacks the scope ${missing.join(' and ')} that this action needs; ask for a key with ${entry.scopes.join(' and ')}.`,
        { required: entry.scopes, missing },
      );
    }

    if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
      const max = entry.maxBodyBytes ?? MAX_BODY_BYTES;
      const length = Number(c.req.header('Content-Length') ?? NaN);
      if (length > max) return tooLarge(c, max);
      const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
      const hasBody = length > 0 || c.req.header('Transfer-Encoding') !== undefined;
      if ((type || hasBody) && !JSON_TYPE.test(type)) {
        return errorJson(
          c,
          415,
          'unsupported_media_type',
          `Send the body as JSON with "Content-Type: application/json"${type ? `, not ${type}` : ''}.`,
        );
      }
      // Touching the body stream when Content-Length is known would keep Node from discarding
      // an unread body (an early 404), breaking keep-alive; the length was checked above.
      if (c.req.header('Content-Length') !== undefined) return next();
      const limit =
        max === MAX_BODY_BYTES
          ? limitBody
          : bodyLimit({ maxSize: max, onError: (ctx) => tooLarge(ctx, max) });
      return limit(c, next);
    }
    return next();
  };
}

/** The peer's address; none when the app is called without a socket (app.request in a test). */
function clientAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function tooLarge(c: Context, max = MAX_BODY_BYTES) {
  // The rest of the body stays unread: close the connection rather than reuse a dirty one.
  c.header('Connection', 'close');
  return errorJson(
    c,
    413,
    'payload_too_large',
    `The request body is larger than ${max} bytes (${Math.round(max / 1024 / 1024)} MiB); send less at once.`,
    { max_bytes: max },
  );
}
