// The fetch wrapper: Bearer key, envelope unwrapped, answers checked, failures as one ApiError.
import { describe, expect, it } from 'vitest';
import { answerFetch, errorBody } from '../test/render';
import { ApiError } from './api-error';
import { apiRequest, apiText } from './client';
import { zoneListParser } from './zone-list-parser';

const as = { key: 'zd_k', baseUrl: 'https://dns.example.net/api', remember: false };
const list = {
  zones: [],
  pagination: { total: 0, offset: 0, limit: 10, count: 0, has_more: false },
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

describe('apiRequest', () => {
  it('sends the key as a Bearer token to base URL + path + query, and unwraps the envelope', async () => {
    const fetch = answerFetch(() => ({ status: 200, body: { status: 'success', data: list } }));
    const data = await apiRequest('/v1/zones', {
      query: { limit: 10, offset: undefined },
      schema: zoneListParser,
      as,
    });
    expect(data).toEqual(list);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://dns.example.net/api/v1/zones?limit=10');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer zd_k');
  });

  it('sends extra headers (If-Match), which cannot replace the key', async () => {
    const fetch = answerFetch(() => ({ status: 200, body: { status: 'success', data: list } }));
    await apiRequest('/v1/zones', {
      schema: zoneListParser,
      as,
      headers: { 'If-Match': '"5f0c2a9e81d34b77"', Authorization: 'Bearer other' },
    });
    const headers = new Headers(fetch.mock.calls[0]![1]?.headers);
    expect(headers.get('If-Match')).toBe('"5f0c2a9e81d34b77"');
    expect(headers.get('Authorization')).toBe('Bearer zd_k');
  });

  it('raises the error body as an ApiError with status, code, message, details and request id', async () => {
    answerFetch(() => ({
      status: 403,
      body: errorBody('insufficient_scope', 'Needs zones:read.', { required: ['zones:read'] }),
    }));
    const e = await failure(apiRequest('/v1/zones', { schema: zoneListParser, as }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      message: 'Needs zones:read.',
      requestId: 'req-test',
    });
    expect(e?.requiredScopes).toEqual(['zones:read']);
  });

  it('tolerates error bodies of proxies (no envelope, or not JSON)', async () => {
    answerFetch(() => ({ status: 502, body: { message: 'Bad gateway' } }));
    expect(await failure(apiRequest('/x', { schema: zoneListParser, as }))).toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Bad gateway',
    });
    answerFetch(() => ({ status: 401, body: null }));
    expect(await failure(apiRequest('/x', { schema: zoneListParser, as }))).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
  });

  it('an answer of the wrong shape is an invalid_response error, naming the field', async () => {
    answerFetch(() => ({ status: 200, body: { status: 'success', data: { zones: 'no' } } }));
    const e = await failure(apiRequest('/v1/zones', { schema: zoneListParser, as }));
    expect(e).toMatchObject({ code: 'invalid_response' });
    expect(String(e?.details.issues)).toContain('zones');
  });

  it('an unreachable service is a network_error that says where', async () => {
    const { vi } = await import('vitest');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const e = await failure(apiRequest('/v1/zones', { schema: zoneListParser, as }));
    expect(e).toMatchObject({ status: 0, code: 'network_error' });
    expect(e?.message).toContain('https://dns.example.net/api');
  });

  it('without a session it asks to sign in, sending nothing', async () => {
    const fetch = answerFetch(() => ({ status: 200, body: {} }));
    const e = await failure(apiRequest('/v1/zones', { schema: zoneListParser }));
    expect(e).toMatchObject({ status: 401, code: 'not_signed_in' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('apiText', () => {
  it('asks for the media type with the key and answers the body as text', async () => {
    // answerFetch writes bodies as JSON: the text answer is that JSON, unparsed.
    const fetch = answerFetch(() => ({ status: 200, body: 'zone file' }));
    const text = await apiText('/v1/zones/z1/export', { accept: 'text/dns', as });
    expect(text).toBe('"zone file"');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://dns.example.net/api/v1/zones/z1/export');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('text/dns');
    expect(headers.get('Authorization')).toBe('Bearer zd_k');
  });

  it('raises an error answer as the same ApiError as JSON routes', async () => {
    answerFetch(() => ({ status: 404, body: errorBody('zone_not_found', 'No zone with id z1.') }));
    const e = await failure(apiText('/v1/zones/z1/export', { accept: 'text/dns', as }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      status: 404,
      code: 'zone_not_found',
      message: 'No zone with id z1.',
    });
  });
});
