// The HTTP app: middleware, every /v1 route, the OpenAPI document and the dashboard's files.
import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import type { AppEnv } from './context';
import { ApiFailure, errorJson, storageUnavailable } from './errors';
import { ZoneGone } from '../store/dialect';
import { requestAborted } from '../store/storage-fault';
import { zoneNotFound } from './loaders';
import { gate } from './gate';
import { registerHealthRoutes } from './health';
import { httpMetrics, registerMetricsRoute } from './metrics-route';
import { createRateLimits } from './rate-limit';
import { RouteTable } from './route-table';
import type { AppDeps } from './registrar';
import { registerChangeRoutes } from './routes/changes';
import { registerExportRoutes } from './routes/export';
import { registerRecordBatchRoute } from './routes/records-batch';
import { registerZoneImportRoute } from './routes/zone-import';
import { registerSecondariesRoutes } from './routes/secondaries';
import { registerRecordByNameRoutes } from './routes/records-by-name';
import { registerRecordRoutes } from './routes/records';
import { registerUsageRoutes } from './routes/usage';
import { registerUsageDnssecRoutes } from './routes/usage-dnssec';
import { registerZoneRoutes } from './routes/zones';
import { securityHeaders } from './security-headers';
import { serveDashboard } from './static';
import { validationHook } from './validation';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const table = new RouteTable();

  app.use('*', securityHeaders());
  app.use('*', async (c, next) => {
    const incoming = c.req.header('X-Request-ID');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = deps.log.child({ req_id: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.header('X-Request-ID', requestId);
    if (c.req.path.startsWith('/v1/')) {
      log.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  });
  app.use('*', httpMetrics(table, deps.metrics));
  // Bearer keys, no cookies: any origin may call the API (a dashboard served elsewhere).
  app.use(
    '/v1/*',
    cors({
      origin: '*',
      allowHeaders: ['Authorization', 'Content-Type', 'X-Request-ID', 'If-Match'],
      exposeHeaders: [
        'X-Request-ID',
        'ETag',
        'Location',
        'Content-Location',
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ],
      maxAge: 600,
    }),
  );
  app.use('/v1/*', gate(table, deps.store, createRateLimits(deps.config, deps.metrics)));

  const r = { app, table, deps };
  registerZoneRoutes(r);
  registerRecordBatchRoute(r);
  registerRecordRoutes(r);
  registerRecordByNameRoutes(r);
  registerUsageRoutes(r);
  registerUsageDnssecRoutes(r);
  registerChangeRoutes(r);
  registerExportRoutes(r);
  registerZoneImportRoute(r);
  if (deps.transfers) registerSecondariesRoutes(r, deps.transfers);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key; scopes listed per route',
  });
  table.add('GET', '/v1/openapi.json', [], true);
  app.doc31('/v1/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Zonedeck DNS service API',
      version: '1.0.0',
      description:
        'Zones, records (14 types), usage and DNSSEC of a managed authoritative DNS service.',
    },
  });

  app.onError((err, c) => {
    if (err instanceof ApiFailure)
      return errorJson(c, err.status, err.code, err.message, err.details);
    // The zone was deleted between the request's finding it and its write.
    if (err instanceof ZoneGone) {
      const gone = zoneNotFound(err.zoneId);
      return errorJson(c, gone.status, gone.code, gone.message);
    }
    if (err instanceof HTTPException) {
      if (err.status === 400)
        return errorJson(
          c,
          400,
          'invalid_request',
          'The request body is not valid JSON; check quotes, commas and brackets.',
        );
      if (err.status === 415)
        return errorJson(
          c,
          415,
          'unsupported_media_type',
          'Send the body as JSON with "Content-Type: application/json".',
        );
      if (err.status === 413)
        return errorJson(c, 413, 'payload_too_large', 'The request body is larger than 1 MiB.');
    }
    // The client went away mid-body: nobody reads this answer, but the log and the metrics
    // must not call it a storage outage or a bug of ours.
    if (requestAborted(err))
      return errorJson(
        c,
        400,
        'invalid_request',
        'The request body ended before its end (the connection was closed or reset); send the request again.',
      );
    const storage = storageUnavailable(c, err); // 503 storage_unavailable, the cause logged
    if (storage) return storage;
    c.get('log')?.error({ err }, 'unhandled error');
    return errorJson(
      c,
      500,
      'internal_error',
      'Something went wrong on our side; the request id in X-Request-ID helps us find it.',
    );
  });

  // Where this service's DNS server listens, for the dashboard's "how to test" hints
  // (public: it is what `dig` needs, nothing more).
  app.get('/service.json', (c) =>
    c.json({ dns: { host: deps.config.HOST, port: deps.dnsPort ?? deps.config.DNS_PORT } }),
  );
  registerMetricsRoute(app, deps);
  registerHealthRoutes(
    app,
    deps.readiness ?? { database: () => Promise.resolve(), dnsViewLoaded: () => true },
  );
  serveDashboard(app, deps.config);
  app.notFound((c) => errorJson(c, 404, 'not_found', `There is no route ${c.req.path}.`));
  return app;
}
