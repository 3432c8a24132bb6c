import { describe, expect, it } from 'vitest';
import { isValidTtl, TTL_DEFAULT, TTL_MAX, TTL_MIN } from './limits';

describe('isValidTtl', () => {
  it.each([TTL_MIN, TTL_DEFAULT, TTL_MAX])('accepts %s', (ttl) => {
    expect(isValidTtl(ttl)).toBe(true);
  });

  it.each([299, 86401, 3600.5, '3600', null, undefined, NaN, Infinity, -300])(
    'rejects %j',
    (ttl) => {
      expect(isValidTtl(ttl)).toBe(false);
    },
  );
});
