// Error mapping: an ApiError's code or details.field picks the form field its message goes to.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { applyServerError, fieldOfError } from './apply-server-error';

const err = (status: number, code: string, details?: Record<string, unknown>) =>
  new ApiError(status, code, `message of ${code}`, details);

describe('fieldOfError', () => {
  it.each([
    [err(400, 'invalid_zone_name'), 'name'],
    [err(409, 'zone_already_exists'), 'name'],
    [err(400, 'invalid_region'), 'region'],
    [err(400, 'invalid_zone_ttl'), 'ttl'],
    [err(400, 'invalid_record_content'), 'content'],
    [err(409, 'cname_conflict'), 'type'],
    [err(400, 'invalid_request', { field: 'ttl' }), 'ttl'],
    [err(400, 'invalid_zone_name', { field: 'region' }), 'region'], // details.field wins
    [err(400, 'invalid_request'), null],
    [err(500, 'internal_error'), null],
  ])('%s → %s', (error, field) => {
    expect(fieldOfError(error)).toBe(field);
  });
});

describe('applyServerError', () => {
  const fields = ['name', 'region', 'ttl'] as const;

  it('sets the error on the field, focused, and reports it handled', () => {
    const setError = vi.fn();
    expect(applyServerError(err(409, 'zone_already_exists'), setError, fields)).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'message of zone_already_exists' },
      { shouldFocus: true },
    );
  });

  it.each([
    ['a field the form does not have', err(400, 'invalid_record_content')],
    ['no field at all', err(400, 'invalid_request')],
    [
      'a missing scope (even with a field)',
      err(403, 'insufficient_scope', { field: 'name', required: ['zones:write'] }),
    ],
    ['a rejected key', err(401, 'unauthorized')],
    ['a network failure', err(0, 'network_error')],
    ['something that is not an ApiError', new Error('boom')],
  ])('leaves %s to the form-level alert', (_what, error) => {
    const setError = vi.fn();
    expect(applyServerError(error, setError, fields)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
