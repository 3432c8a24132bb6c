import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [30_000, '30 seconds ago'],
    [5 * 60_000, '5 minutes ago'],
    [3 * 3600_000, '3 hours ago'],
    [86_400_000, 'yesterday'],
    [40 * 86_400_000, 'last month'],
    [800 * 86_400_000, '2 years ago'],
    [-20_000, 'now'],
  ])('%d ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('gives back what it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('not a date');
  });

  it('never throws and never answers with an empty string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ms) => {
        expect(relativeTime(ago(ms), now)).not.toBe('');
      }),
    );
  });
});
