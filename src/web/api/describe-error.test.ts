import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { describeError, scopeMessage } from './describe-error';

describe('scopeMessage (403 details.required)', () => {
  it.each([
    [['zones:write'], 'This needs the zones:write scope, which your API key does not have.'],
    [['zones:read', 'records:write'], 'This needs the zones:read and records:write scopes'],
    [['a', 'b', 'c'], 'This needs the a, b and c scopes'],
  ])('%j', (required, text) => {
    const e = new ApiError(403, 'insufficient_scope', 'x', { required });
    expect(scopeMessage(e)).toContain(text);
  });

  it('names only the scopes the key lacks when the service says which (details.missing)', () => {
    const e = new ApiError(403, 'insufficient_scope', 'x', {
      required: ['zones:read', 'records:write'],
      missing: ['records:write'],
    });
    expect(scopeMessage(e)).toContain(
      'This needs the records:write scope, which your API key does not have.',
    );
  });

  it('falls back to the service message without details.required, and is null for other statuses', () => {
    expect(scopeMessage(new ApiError(403, 'insufficient_scope', 'Needs more.'))).toBe(
      'Needs more.',
    );
    expect(scopeMessage(new ApiError(400, 'invalid_request', 'x'))).toBeNull();
    expect(scopeMessage(new ApiError(403, 'quota_exceeded', 'x'))).toBeNull();
  });
});

describe('describeError', () => {
  it.each([
    [new ApiError(0, 'network_error', 'Could not reach'), 'Cannot reach the service'],
    [new ApiError(404, 'zone_not_found', 'x'), 'Zone not found'],
    [new ApiError(503, 'http_503', 'x'), 'The service had a problem'],
    [new ApiError(200, 'invalid_response', 'x'), 'Unexpected answer from the service'],
    [
      new ApiError(403, 'insufficient_scope', 'x', { required: ['usage:read'] }),
      'Missing permission',
    ],
    [new ApiError(403, 'quota_exceeded', 'x', { quota: 'zones_per_customer' }), 'Quota reached'],
    [new ApiError(429, 'rate_limited', 'x'), 'Too many requests'],
    [new ApiError(503, 'storage_unavailable', 'x'), 'The service cannot save right now'],
    [new Error('boom'), 'Something went wrong'],
  ])('%s → %s', (error, title) => {
    expect(describeError(error).title).toBe(title);
  });
});
