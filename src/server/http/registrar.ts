// Declares a route once: OpenAPI document, handler, and its entry in the gate's route table.
import { z, type OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Logger } from 'pino';
import type { Scope } from '../../shared/api/fields';
import type { UnflushedRrset } from '../dns/rrset-usage';
import type { DayTopNames } from '../dns/top-names';
import type { UsageCount } from '../store/usage';
import type { ChangeWatch } from '../dns/change-watch';
import { errorBodySchema } from '../../shared/api/common';
import type { MiddlewareHandler } from 'hono';
import { fail } from './errors';
import { MAX_BODY_BYTES } from './gate';
import type { Config } from '../config';
import type { Metrics } from '../metrics';
import type { Store } from '../store/db';
import type { AppEnv } from './context';
import type { Readiness } from './health';
import type { RouteTable } from './route-table';
import type { Transfers } from '../dns/transfer/setup';

export interface AppDeps {
  /** The database, with the listeners its writes announce themselves to. */
  store: Store;
  config: Config;
  log: Logger;
  /** The operator's figures (/metrics); each part increments its own. */
  metrics: Metrics;
  /** Starts (or queues) the background purge of deleted zones. */
  purger: { kick(): void };
  /** The port the DNS server listens on (UDP and TCP). */
  dnsPort?: number;
  /** Query counts the DNS server has not written to the database yet. */
  usage?: {
    unflushed(zoneId: string, fromHour: string): UsageCount[];
    /** Takes in what the DNS workers counted and have not handed over yet. */
    gather(): Promise<void>;
    /** The top names of a zone's day, stored and in memory. */
    topNames: { read(zoneId: string, day: string): Promise<DayTopNames> };
    /** The zones' recent changes and their names' outcomes since (ADR 0018). */
    watch?: Pick<ChangeWatch, 'watched'>;
    /** Queries per RRset not written yet. */
    rrsets: { unflushed(zoneId: string): UnflushedRrset[] };
  };
  /**
   * The zone hosted here below the zone named `zoneName` that answers for `name` (a zone of the
   * same account, ADR 0030); none when no such zone does. From the DNS server's view: no read.
   */
  zoneAnswering?: (zoneName: string, name: string) => string | undefined;
  /** Zone transfers: the secondaries' state, NOTIFY on demand. */
  transfers?: Transfers;
  /** What /readyz checks (none: only /healthz is served). */
  readiness?: Readiness;
}

export interface Registrar {
  app: OpenAPIHono<AppEnv>;
  table: RouteTable;
  deps: AppDeps;
}

export function register<R extends RouteConfig>(
  r: Registrar,
  scopes: readonly Scope[],
  route: R,
  handler: RouteHandler<R, AppEnv>,
  options: { maxBodyBytes?: number } = {},
) {
  r.table.add(route.method, route.path, scopes, false, options.maxBodyBytes);
  const security = scopes.length ? [{ bearer: [...scopes] }] : [];
  // What the gate answers a body of any route that takes one (ADR 0002), in its document too.
  const max = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const responses = route.request?.body
    ? {
        413: error(
          `payload_too_large: the body is over ${max / 1024 / 1024} MiB (\`error.details.max_bytes\`)`,
        ),
        415: error(
          `unsupported_media_type: the body must be sent as Content-Type: ${Object.keys(route.request.body.content).join(' or ')}`,
        ),
        ...route.responses,
      }
    : route.responses;
  // If-Match where no version is checked would leave a client believing itself protected.
  const middleware =
    route.request?.headers === ifMatchHeaders
      ? route.middleware
      : [refuseIfMatch, ...[route.middleware ?? []].flat()];
  r.app.openapi({ ...route, responses, security, middleware } as R, handler);
}

const refuseIfMatch: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('If-Match') === undefined) return next();
  throw fail.badRequest(
    'invalid_request',
    'If-Match is not supported on this route: record versions apply to PUT and DELETE of a record (by id or by name) and to the operations of a batch (if_match). Leave the header out.',
    { field: 'If-Match' },
  );
};

export function json<T>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

export function jsonBody<T>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

const error = (description: string) => json(errorBodySchema, description);

/** The If-Match header of a write to existing records (ADR 0028), for the OpenAPI document. */
export const ifMatchHeaders = z.object({
  'if-match': z.string().optional().meta({
    description:
      'The ETag of the record (or, deleting a whole RRset by name, of the RRset) this write was made from; when it is no longer current the answer is 412 precondition_failed and nothing is written',
    example: '"5f0c2a9e81d34b77"',
  }),
});

/** The 412 of a write whose If-Match is no longer current. */
export const staleWrite = error(
  'If-Match named a version that is no longer current: `error.details.version` is the current one, `error.details.records` what is stored now; nothing was written',
);

/** Error answers every authenticated route can give. */
export const commonErrors = {
  400: error('Invalid request; `error.code` says which field and why'),
  401: error('Missing, unknown or revoked API key'),
  403: error(
    'The key lacks a scope: `error.details.missing` lists those it lacks, `error.details.required` all this action needs',
  ),
  404: error('Zone or record not found (or owned by another customer)'),
  429: error(
    'Too many requests for this key (or failed sign-ins from this address); wait the seconds in Retry-After',
  ),
  503: error(
    'The database cannot be written (disk full, read-only, I/O error): storage_unavailable, with Retry-After where waiting helps',
  ),
} as const;
