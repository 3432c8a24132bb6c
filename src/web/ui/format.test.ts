// The one TTL formatter, in its two styles: the table's cell and the form's hint.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatTtl } from './format';

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
