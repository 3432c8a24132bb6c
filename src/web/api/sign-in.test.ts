import { describe, expect, it } from 'vitest';
import { safeNextPath } from './sign-in';

describe('safeNextPath', () => {
  it.each([
    ['/zones/zone_1?dialog=delete-zone', '/zones/zone_1?dialog=delete-zone'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['zones', '/'],
  ])('%j → %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
