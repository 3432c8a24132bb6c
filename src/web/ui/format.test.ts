// The one TTL formatter, in its two styles: the table's cell and the form's hint.
import { describe, expect, it } from 'vitest';
import { formatClock, formatDelay, formatNumber, formatTtl } from './format';

/** Thousands as the browser's locale writes them. */
const n = formatNumber;

describe('formatTtl', () => {
  it.each([
    [300, '5 min', '300 s (5 minutes)'],
    [60, '1 min', '60 s (1 minute)'],
    [3600, '1 h', `${n(3600)} s (1 hour)`],
    [7200, '2 h', `${n(7200)} s (2 hours)`],
    [86400, '1 day', `${n(86400)} s (1 day)`],
    [172800, '2 days', `${n(172800)} s (2 days)`],
    [5400, '90 min', `${n(5400)} s (90 minutes)`],
    [90, '90 s', '90 s'],
    [3601, `${n(3601)} s`, `${n(3601)} s`],
  ])('%i s: short "%s", long "%s"', (seconds, short, long) => {
    expect(formatTtl(seconds, 'short')).toBe(short);
    expect(formatTtl(seconds)).toBe(long);
  });
});

describe('formatDelay', () => {
  it.each([
    [0, '0.0 s'],
    [-40, '0.0 s'], // a server clock a little ahead
    [812, '0.8 s'],
    [9_940, '9.9 s'],
    [9_960, '10 s'],
    [14_400, '14 s'],
    [59_400, '59 s'],
    [185_000, '3 min'],
    [7_200_000, '2 h'],
    [86_400_000, '1 day'],
    [3 * 86_400_000, '3 days'],
  ])('%i ms: "%s"', (ms, text) => {
    expect(formatDelay(ms)).toBe(text);
  });
});

describe('formatClock', () => {
  const at = '2026-11-25T12:04:31Z';
  it('is the time to the second today, with the day on another day', () => {
    const today = formatClock(at, Date.parse('2026-11-25T12:30:00Z'));
    expect(today).toMatch(/\d:\d\d:31/); // minutes differ in half-hour time zones
    const later = formatClock(at, Date.parse('2026-11-27T12:30:00Z'));
    expect(later).toMatch(/Nov/);
    expect(later).toMatch(/\d:\d\d:31/);
  });
  it('gives back what it cannot read', () => {
    expect(formatClock('soon')).toBe('soon');
  });
});
