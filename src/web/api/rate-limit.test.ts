// 429 answers: GETs go again after Retry-After (bounded); writes are never sent twice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, errorBody } from '../test/render';
import { ApiError } from './api-error';
import { apiRequest } from './client';
import { parseRetryAfter } from './rate-limit';
import { zoneListParser } from './zone-list-parser';

const as = { key: 'zd_k', baseUrl: '', remember: false };
const list = {
  zones: [],
  pagination: { total: 0, offset: 0, limit: 10, count: 0, has_more: false },
};
const ok = { status: 200, body: { status: 'success', data: list } };
const limited = (retryAfter?: string) => ({
  status: 429,
  body: errorBody('rate_limited', 'Too many requests for this key; try again in 1 second.'),
  headers: retryAfter === undefined ? undefined : { 'Retry-After': retryAfter },
});
/** Settles the promise into a value (the error or null) so that no rejection goes unhandled. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error,
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('apiRequest and 429', () => {
  it('sends a GET again after Retry-After, and answers with the data', async () => {
    const answers = [limited('2'), ok];
    const fetch = answerFetch(() => answers.shift()!);
    const done = apiRequest('/v1/zones', { schema: zoneListParser, as });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(1); // still waiting out Retry-After
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual(list);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up after two retries with the service’s error and message', async () => {
    const fetch = answerFetch(() => limited('1'));
    const done = outcome(apiRequest('/v1/zones', { schema: zoneListParser, as }));
    await vi.advanceTimersByTimeAsync(10_000);
    const e = await done;
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(e?.message).toMatch(/Too many requests/);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('waits a second when Retry-After is missing', async () => {
    const answers = [limited(), ok];
    const fetch = answerFetch(() => answers.shift()!);
    const done = apiRequest('/v1/zones', { schema: zoneListParser, as });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual(list);
  });

  it('does not wait when Retry-After is longer than 10 s: the error shows at once', async () => {
    const fetch = answerFetch(() => limited('60'));
    const e = await outcome(apiRequest('/v1/zones', { schema: zoneListParser, as }));
    expect(e).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never sends a %s twice', async (method) => {
    const fetch = answerFetch(() => limited('1'));
    const e = await outcome(
      apiRequest('/v1/zones', { method, body: { name: 'a.example' }, schema: zoneListParser, as }),
    );
    expect(e).toMatchObject({ status: 429, code: 'rate_limited' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the caller cancels, without another request', async () => {
    const fetch = answerFetch(() => limited('5'));
    const ctl = new AbortController();
    const done = outcome(
      apiRequest('/v1/zones', { schema: zoneListParser, as, signal: ctl.signal }),
    );
    await vi.advanceTimersByTimeAsync(100);
    ctl.abort();
    expect((await done)?.name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows a message of its own when a proxy answers 429 without a body', async () => {
    answerFetch(() => ({ status: 429, body: null, headers: { 'Retry-After': '30' } }));
    const e = await outcome(apiRequest('/v1/zones', { schema: zoneListParser, as }));
    expect(e).toMatchObject({ status: 429, code: 'http_429' });
    expect(e?.message).toMatch(/Too many requests with this API key/);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['3', 3_000],
    ['0', 0],
    [' 12 ', 12_000],
    ['Thu, 01 Jan 2026 00:00:05 GMT', 5_000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', null],
    ['', null],
    [null, null],
  ])('%j → %j ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});
