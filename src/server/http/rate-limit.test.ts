// The API's rate limits over real HTTP: a key's token bucket (429 with Retry-After, other keys
// unaffected, off with 0, usable again after the wait) and the per-address bucket of requests
// that fail authentication.
import { afterAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestServer,
} from '../test-support/harness';

const servers: TestServer[] = [];
async function server(env: Record<string, string>) {
  const s = await startTestServer(env);
  servers.push(s);
  return s;
}
afterAll(() => Promise.all(servers.map((s) => s.close())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statuses = (answers: ApiAnswer<Json>[]) => answers.map((a) => a.status);
const unknownKey = 'zd_thisKeyDoesNotExistAnywhere0000000000000';

function expectRateLimited(r: ApiAnswer<Json>, limit: number, burst: number) {
  expect(r.status).toBe(429);
  expect(r.body.status).toBe('error');
  expect(r.body.error.code).toBe('rate_limited');
  const retryAfter = Number(r.headers.get('Retry-After'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(r.body.error.details).toEqual({ limit, burst, retry_after: retryAfter });
  expect(r.body.error.message).toContain(`wait ${retryAfter} s`);
  return retryAfter;
}

describe('per-key token bucket', () => {
  let limited: TestServer;
  let rejected: ApiAnswer<Json>;
  const env = { API_RATE_LIMIT: '1', API_RATE_BURST: '5' };

  it('answers 429 rate_limited with Retry-After once a burst exceeds the bucket', async () => {
    limited = await server(env);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => limited.admin.get('/v1/zones')),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(new Set(statuses(answers))).toEqual(new Set([200, 429]));
    // The bucket's 5, plus what refilled at 1/s while the burst was being answered.
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(5 + Math.ceil(seconds));
    rejected = answers.find((a) => a.status === 429)!;
    expectRateLimited(rejected, 1, 5);
    expect(rejected.headers.get('RateLimit-Remaining')).toBe('0');
    const metric = await limited.service.metrics.httpRateLimited.get();
    expect(metric.values[0]?.value).toBe(12 - ok);
  });

  it('tells a client within its budget what is left', async () => {
    const fresh = limited.client(await limited.key('acme'));
    const r = await fresh.get('/v1/zones');
    expect(r.status).toBe(200);
    expect(r.headers.get('RateLimit-Limit')).toBe('5');
    expect(r.headers.get('RateLimit-Remaining')).toBe('4');
    expect(Number(r.headers.get('RateLimit-Reset'))).toBeGreaterThanOrEqual(1);
  });

  it('leaves another key of the same customer unaffected', async () => {
    const again = await Promise.all(
      Array.from({ length: 8 }, () => limited.admin.get('/v1/zones')),
    );
    expect(statuses(again)).toContain(429);
    const other = limited.client(await limited.key('acme'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => other.get('/v1/zones')));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200]);
  });

  it('lets the key through again after the wait Retry-After gives', async () => {
    const r = await limited.admin.get('/v1/zones');
    const wait = r.status === 429 ? expectRateLimited(r, 1, 5) : 0;
    await sleep(wait * 1000);
    expect((await limited.admin.get('/v1/zones')).status).toBe(200);
  });

  it('comes after authentication and before the scope check', async () => {
    const reader = limited.client(await limited.key('acme', ['usage:read']));
    const answers = await Promise.all(Array.from({ length: 10 }, () => reader.get('/v1/zones')));
    expect(new Set(statuses(answers))).toEqual(new Set([403, 429]));
  });

  it('is off with API_RATE_LIMIT=0', async () => {
    const off = await server({ API_RATE_LIMIT: '0', API_RATE_BURST: '1' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => off.admin.get('/v1/zones')));
    expect(statuses(answers).every((s) => s === 200)).toBe(true);
    expect(answers[0]!.headers.get('RateLimit-Limit')).toBeNull();
  });

  it('charges nothing to a real key for requests with unknown keys', async () => {
    const s = await server({ ...env, API_AUTH_FAILURE_RATE: '0' });
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => s.client(unknownKey).get('/v1/zones')),
    );
    expect(statuses(guesses).every((st) => st === 401)).toBe(true);
    const r = await s.admin.get('/v1/zones');
    expect(r.status).toBe(200);
    expect(r.headers.get('RateLimit-Remaining')).toBe('4');
  });
});

describe('per-address bucket for failed authentication', () => {
  it('refuses an address that keeps failing, before its key is looked up', async () => {
    const s = await server({ API_AUTH_FAILURE_RATE: '1', API_AUTH_FAILURE_BURST: '3' });
    const guesser = s.client(unknownKey);
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await guesser.get('/v1/zones')).status);
    expect(first).toEqual([401, 401, 401]);
    // Sent at once, most of these find the bucket empty; none is let through to a lookup.
    const flood = await Promise.all(Array.from({ length: 10 }, () => guesser.get('/v1/zones')));
    expect(new Set(statuses(flood))).toContain(429);
    expect(statuses(flood).every((st) => st === 401 || st === 429)).toBe(true);
    const refused = flood.find((a) => a.status === 429)!;
    expectRateLimited(refused, 1, 3);
    expect(refused.body.error.message).toMatch(/unknown API key from your address/);
    // Requests with no key at all count as failures too: a few more and they are refused.
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++)
      status = (await s.client().get('/v1/zones')).status;
    expect(status).toBe(429);
  });

  it('lets a valid key from that address through again once the failures stop', async () => {
    const s = await server({ API_AUTH_FAILURE_RATE: '1', API_AUTH_FAILURE_BURST: '2' });
    await Promise.all(Array.from({ length: 6 }, () => s.client(unknownKey).get('/v1/zones')));
    // The same address: refused too while its failures last (the price of not doing lookups).
    const during = await s.admin.get('/v1/zones');
    const wait = during.status === 429 ? expectRateLimited(during, 1, 2) : 0;
    await sleep(wait * 1000);
    expect((await s.admin.get('/v1/zones')).status).toBe(200);
  });
});
