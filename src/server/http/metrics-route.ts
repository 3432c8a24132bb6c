// The operator's /metrics (Prometheus text, behind METRICS_TOKEN) and the middleware that counts
// every HTTP request in it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Metrics } from '../metrics';
import type { AppEnv } from './context';
import { errorJson } from './errors';
import type { AppDeps } from './registrar';
import type { RouteTable } from './route-table';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Paths outside the route table that are worth a label of their own. */
const OWN_LABEL = new Set(['/metrics', '/service.json', '/healthz', '/readyz']);

/**
 * The route label: the declared pattern, never the raw path, so that ids in paths do not make a
 * new time series each. Every other API path shares one label, and so do the dashboard's files.
 */
export function routeLabel(table: RouteTable, path: string): string {
  if (OWN_LABEL.has(path)) return path;
  if (path === '/v1' || path.startsWith('/v1/')) return table.patternOf(path) ?? '(unmatched)';
  return '(dashboard)';
}

export function httpMetrics(table: RouteTable, metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = routeLabel(table, c.req.path);
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    metrics.httpRequests.inc({ route, method, status: String(c.res.status) });
    metrics.httpDuration.observe({ route, method }, (performance.now() - started) / 1000);
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function registerMetricsRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const token = deps.config.METRICS_TOKEN;
  // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first byte.
  const expected = token === undefined ? undefined : digest(token);
  app.get('/metrics', async (c) => {
    if (!expected) {
      return errorJson(
        c,
        404,
        'not_found',
        '/metrics is off: start the server with METRICS_TOKEN set (16 characters or more) and scrape it with "Authorization: Bearer <METRICS_TOKEN>".',
      );
    }
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!sent || !timingSafeEqual(digest(sent), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return errorJson(
        c,
        401,
        'unauthorized',
        sent
          ? "This is not the metrics token; send the value of the server's METRICS_TOKEN."
          : 'Send the metrics token in the header "Authorization: Bearer <METRICS_TOKEN>".',
      );
    }
    const { registry } = deps.metrics;
    c.header('Content-Type', registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics());
  });
}
