// /metrics over real HTTP: off without METRICS_TOKEN, 401 without the token, and with it the
// Prometheus text holding every declared metric and the HTTP counters of the routes called,
// labelled by route pattern (never by the raw path).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 404 naming the setting that turns it on, even with an API key', async () => {
    for (const c of [server.client(), server.admin]) {
      const r = await c.get('/metrics');
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('not_found');
      expect(r.body.error.message).toMatch(/METRICS_TOKEN/);
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let server: TestServer;
  let zoneId: string;
  const scrape = (token?: string) =>
    server.client().raw('/metrics', token ? { headers: { Authorization: `Bearer ${token}` } } : {});

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    zoneId = await createZone(server.admin, 'metrics.example');
    await server.admin.get(`/v1/zones/${zoneId}`);
    await server.admin.get(`/v1/zones/zone_nope`);
    await server.admin.post(`/v1/zones/${zoneId}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    await server.client().get('/v1/zones');
    await server.admin.get('/v1/no/such/route');
    await server.admin.get('/v1/also-missing');
  });
  afterAll(() => server.close());

  it('answers 401 without the token, or with a wrong one, or with an API key', async () => {
    for (const answer of [
      await scrape(),
      await scrape('not-the-metrics-token-at-all-000000'),
      await scrape(TOKEN.slice(0, -1)),
      await server.admin.get('/metrics'),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
      expect(answer.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    }
  });

  it('serves Prometheus text with the right token', async () => {
    const r = await scrape(TOKEN);
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(typeof r.body).toBe('string');
  });

  it('counts requests by route pattern, method and status', async () => {
    const text = (await scrape(TOKEN)).body as string;
    const count = (route: string, method: string, status: number) =>
      Number(
        new RegExp(
          `^zonedeck_http_requests_total\\{route="${route.replace(/[{}()]/g, '\\$&')}",method="${method}",status="${status}"\\} (\\d+)$`,
          'm',
        ).exec(text)?.[1] ?? 0,
      );
    expect(count('/v1/zones', 'POST', 201)).toBe(1);
    expect(count('/v1/zones/{zone_id}', 'GET', 200)).toBe(1);
    expect(count('/v1/zones/{zone_id}', 'GET', 404)).toBe(1);
    expect(count('/v1/zones/{zone_id}/records', 'POST', 201)).toBe(1);
    expect(count('/v1/zones', 'GET', 401)).toBe(1);
    expect(count('(unmatched)', 'GET', 404)).toBe(2);
    expect(count('/metrics', 'GET', 401)).toBeGreaterThanOrEqual(1);
    // Ids never become labels.
    expect(text).not.toContain(zoneId);
    expect(text).not.toContain('zone_nope');
    expect(text).not.toContain('also-missing');
    expect(text).toMatch(
      /^zonedeck_http_request_duration_seconds_count\{route="\/v1\/zones\/\{zone_id\}",method="GET"\} 2$/m,
    );
  });

  it('lists every metric the service declares', async () => {
    const text = (await scrape(TOKEN)).body as string;
    const declared = (await server.service.metrics.registry.getMetricsAsJSON()).map((m) => m.name);
    expect(declared.length).toBeGreaterThanOrEqual(9);
    for (const name of declared) expect(text).toContain(`# TYPE ${name} `);
    for (const name of [
      'zonedeck_dns_queries_total',
      'zonedeck_dns_rrl_total',
      'zonedeck_dns_tcp_connections',
      'zonedeck_http_rate_limited_total',
      'zonedeck_store_commit_duration_seconds',
      'zonedeck_usage_flush_lag_seconds',
    ]) {
      expect(text).toContain(`# HELP ${name} `);
    }
  });

  it('is not part of the API: no route under /v1 and no rate limit for it', async () => {
    expect((await server.admin.get('/v1/metrics')).status).toBe(404);
    const many = await Promise.all(Array.from({ length: 5 }, () => scrape(TOKEN)));
    expect(many.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});
