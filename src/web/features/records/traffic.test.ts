// The traffic helpers: the guardrail's sentences and threshold, the rolling "not queried"
// filter, and the traffic orders (ties keep name order).
import { describe, expect, it } from 'vitest';
import type { TrafficMap } from '../../api/rrset-usage';
import type { RRset } from './rrsets';
import {
  GUARD_THRESHOLD,
  needsConfirmation,
  notQueriedIn,
  orderByTraffic,
  trafficSentence,
} from './traffic';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;

const set = (name: string): RRset => ({
  key: name,
  name: `${name}.example.com.`,
  relative: name,
  type: 'A',
  ttl: 3600,
  comment: null,
  values: [],
  haystack: name,
});

const map = (entries: [string, number, number | null][]): TrafficMap => ({
  days: 30,
  byRRset: new Map(entries.map(([n, queries, last]) => [`${n}.example.com. A`, { queries, last }])),
});

describe('trafficSentence', () => {
  it.each([
    [
      { queries: 1234, last: NOW - 2 * MIN },
      'Queried 1,234 times in the last 7 days, last 2 min ago.',
    ],
    [{ queries: 1, last: NOW - 5_000 }, 'Queried once in the last 7 days, last 5.0 s ago.'],
    [{ queries: 0, last: null }, 'Not queried in the last 7 days.'],
    [{ queries: 0, last: NOW - 40 * DAY }, 'Not queried in the last 7 days; last 40 days ago.'],
    [undefined, 'Not queried in the last 7 days.'],
  ])('%o → %s', (t, sentence) => {
    expect(trafficSentence(t, 7, NOW)).toBe(sentence);
  });
});

describe('needsConfirmation', () => {
  it('asks from the threshold on, not below', () => {
    expect(needsConfirmation({ queries: GUARD_THRESHOLD - 1, last: NOW })).toBe(false);
    expect(needsConfirmation({ queries: GUARD_THRESHOLD, last: NOW })).toBe(true);
    expect(needsConfirmation(undefined)).toBe(false);
  });
});

describe('notQueriedIn', () => {
  it('keeps the RRsets whose last query is older than N days, or never was', () => {
    const sets = ['a', 'b', 'c', 'd', 'e'].map(set);
    const m = map([
      ['a', 5, NOW - MIN],
      ['b', 0, null],
      ['c', 1, NOW - 30 * DAY - MIN], // just past 30 days
      ['d', 1, NOW - 30 * DAY + MIN], // just within
    ]); // e: not in the map (made since it was read): nothing counted
    expect(notQueriedIn(sets, m, 30, NOW).map((s) => s.key)).toEqual(['b', 'c', 'e']);
    expect(notQueriedIn(sets, m, 7, NOW).map((s) => s.key)).toEqual(['b', 'c', 'd', 'e']);
  });
});

describe('orderByTraffic', () => {
  const sets = ['a', 'b', 'c', 'd'].map(set);
  const m = map([
    ['a', 3, NOW - 3 * MIN],
    ['b', 9, NOW - MIN],
    ['c', 3, null],
    ['d', 0, NOW - DAY],
  ]);
  it('puts the most queried first, ties in name order', () => {
    expect(orderByTraffic(sets, m, 'queries').map((s) => s.key)).toEqual(['b', 'a', 'c', 'd']);
  });
  it('puts the never queried first, then the longest unqueried', () => {
    expect(orderByTraffic(sets, m, 'last').map((s) => s.key)).toEqual(['c', 'd', 'a', 'b']);
  });
  it('keeps the order while the traffic is not read', () => {
    expect(orderByTraffic(sets, undefined, 'queries')).toEqual(sets);
  });
});
