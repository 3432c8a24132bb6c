// /healthz and /readyz for load balancers, without a key, on the store the test matrix chose.
import fs from 'node:fs';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { registerHealthRoutes } from './health';
import { startTestServer, type TestServer } from '../test-support/harness';
import { testDialect } from '../test-support/test-store';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.service.stop();
  fs.rmSync(srv.dataDir, { recursive: true, force: true });
});

describe('health probes', () => {
  it('/healthz: 200 without a key', async () => {
    const r = await srv.client().get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });

  it('/readyz: 200 when the database answers and the DNS view is loaded', async () => {
    const r = await srv.client().get('/readyz');
    expect(r.status).toBe(200);
    // On PostgreSQL the node also follows the other nodes' writes (ADR 0021).
    const changes = testDialect() === 'postgres' ? { changes: 'following' } : {};
    expect(r.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', dns_view: 'loaded', ...changes },
    });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz: 503 naming the database once it stops answering; /healthz still 200', async () => {
    await srv.store.close(); // the store's connections are gone: no query can run
    const r = await srv.client().get('/readyz');
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('not_ready');
    expect(r.body.error.message).toMatch(/^Not ready: the database does not answer/);
    expect(r.body.error.details.checks.dns_view).toBe('loaded');
    expect(r.body.error.details.checks.database).not.toBe('ok');
    expect((await srv.client().get('/healthz')).status).toBe(200);
  });

  it('/readyz: 503 while the DNS view is still loading', async () => {
    let loaded = false;
    const app = new OpenAPIHono<AppEnv>();
    registerHealthRoutes(app, { database: () => Promise.resolve(), dnsViewLoaded: () => loaded });
    const loading = await app.request('/readyz');
    expect(loading.status).toBe(503);
    expect(await loading.json()).toMatchObject({
      error: {
        code: 'not_ready',
        message: 'Not ready: the DNS view is still loading.',
        details: { checks: { database: 'ok', dns_view: 'loading' } },
      },
    });
    loaded = true;
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('/readyz: 503 while the change feed of several nodes reconnects', async () => {
    let following = false;
    const app = new OpenAPIHono<AppEnv>();
    registerHealthRoutes(app, {
      database: () => Promise.resolve(),
      dnsViewLoaded: () => true,
      followingChanges: () => following,
    });
    const cut = await app.request('/readyz');
    expect(cut.status).toBe(503);
    expect(await cut.json()).toMatchObject({
      error: {
        message: /the change feed is reconnecting/,
        details: { checks: { database: 'ok', dns_view: 'loaded', changes: 'reconnecting' } },
      },
    });
    following = true;
    expect(await (await app.request('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', dns_view: 'loaded', changes: 'following' },
    });
  });
});
