import { describe, expect, it } from 'vitest';
import type { SecondaryStatus } from '../../../shared/api/secondaries';
import {
  agoText,
  lastArrival,
  lastSeenStanding,
  notifyOutcome,
  stateLabel,
  summary,
} from './secondaries-text';

const s = (over: Partial<SecondaryStatus>): SecondaryStatus => ({
  target: '192.0.2.53:53',
  signed: false,
  state: 'in_sync',
  serial: 7,
  behind_changes: null,
  detail: null,
  checked_at: '2026-11-25T00:00:00Z',
  last_seen_serial: null,
  last_seen_at: null,
  arrivals: [],
  last_change_arrived_at: null,
  last_change_made_at: null,
  last_notify: null,
  ...over,
});

describe('stateLabel', () => {
  it.each([
    [{ state: 'in_sync' }, 'In sync'],
    [{ state: 'behind', behind_changes: 3 }, 'Behind by 3 changes'],
    [{ state: 'behind', behind_changes: 1 }, 'Behind by 1 change'],
    [{ state: 'behind', behind_changes: null }, 'Behind'],
    [{ state: 'behind', behind_changes: 0 }, 'Behind (no record changes)'],
    [{ state: 'unreachable' }, 'Unreachable'],
    [{ state: 'refused', detail: 'NOTAUTH (BADSIG)' }, 'Refused: NOTAUTH (BADSIG)'],
    [{ state: 'refused', detail: null }, 'Refused'],
    [{ state: 'refused', detail: 'REFUSED' }, 'Refused'],
  ] as const)('%o reads "%s"', (over, text) => {
    expect(stateLabel(s(over))).toBe(text);
  });
});

describe('agoText', () => {
  const now = Date.parse('2026-11-25T01:00:00Z');
  it.each([
    ['2026-11-25T00:59:58Z', '2 s ago'],
    ['2026-11-25T01:00:01Z', '0 s ago'], // the server's clock a little ahead
    ['2026-11-25T00:56:00Z', '4 min ago'],
    ['2026-11-24T22:00:00Z', '3 h ago'],
    ['not a time', 'not a time'],
  ])('%s is "%s"', (iso, text) => {
    expect(agoText(iso, now)).toBe(text);
  });
  it('a day and more gives the date', () => {
    expect(agoText('2026-11-20T00:00:00Z', now)).toMatch(/2026/);
  });
});

describe('notifyOutcome', () => {
  it.each([
    [{ serial: 7, tries: 1, acknowledged_at: '2026-11-25T00:00:00Z' }, 'Acknowledged'],
    [{ serial: 7, tries: 3, acknowledged_at: null }, 'Not acknowledged after 3 tries'],
    [{ serial: 7, tries: 1, acknowledged_at: null }, 'Not acknowledged after 1 try'],
    [{ serial: 7, tries: 0, acknowledged_at: null }, 'Not acknowledged yet'],
  ])('%o reads "%s"', (n, text) => {
    expect(notifyOutcome(n)).toBe(text);
  });
});

describe('summary', () => {
  it('all in sync: one sentence, no details', () => {
    expect(summary({ serial: 7, secondaries: [s({}), s({ target: 'b:53' })] })).toEqual({
      text: 'All 2 secondaries serve serial 7.',
      detail: '',
    });
    expect(summary({ serial: 7, secondaries: [s({})] }).text).toBe(
      'The secondary serves serial 7.',
    );
  });
  it('names each secondary that is not in sync, with its state', () => {
    const out = summary({
      serial: 9,
      secondaries: [
        s({}),
        s({ target: 'b:53', state: 'behind', behind_changes: 2 }),
        s({ target: 'c:53', state: 'unreachable', serial: null }),
      ],
    });
    expect(out.text).toBe('1 of 3 in sync with serial 9.');
    expect(out.detail).toBe('b:53: Behind by 2 changes. c:53: Unreachable.');
  });
});

describe('lastSeenStanding', () => {
  const gone = { serial: null, last_change_arrived_at: null, last_change_made_at: null };
  it.each([
    [{ last_seen_serial: 9, behind_changes: 0 }, 'our serial'],
    [{ last_seen_serial: 8, behind_changes: 2 }, 'behind by 2 changes'],
    [{ last_seen_serial: 8, behind_changes: 1 }, 'behind by 1 change'],
    [{ last_seen_serial: 8, behind_changes: 0 }, 'behind'], // a serial bump only
    [{ last_seen_serial: 8, behind_changes: null }, 'behind'], // past the journal
    [{ last_seen_serial: null, behind_changes: null }, null], // never seen
  ])('%o: %s', (over, text) => {
    expect(lastSeenStanding({ ...gone, ...over }, 9)).toBe(text);
  });
  it('is nothing for a secondary that answers now', () => {
    const now = { ...gone, serial: 8, last_seen_serial: 8, behind_changes: 1 };
    expect(lastSeenStanding(now, 9)).toBeNull();
  });
});

describe('lastArrival', () => {
  const base = { serial: 9, behind_changes: 0, last_seen_serial: 9 };
  it('the moment and the delay since the change was made', () => {
    expect(
      lastArrival({
        ...base,
        last_change_arrived_at: '2026-11-25T12:04:31.300Z',
        last_change_made_at: '2026-11-25T12:04:30.500Z',
      }),
    ).toEqual({ at: '2026-11-25T12:04:31.300Z', after: '0.8 s' });
  });
  it('no delay when the making is unknown; no moment when the arrival was not seen', () => {
    expect(
      lastArrival({
        ...base,
        last_change_arrived_at: '2026-11-25T12:04:31Z',
        last_change_made_at: null,
      }),
    ).toEqual({ at: '2026-11-25T12:04:31Z', after: null });
    expect(
      lastArrival({ ...base, last_change_arrived_at: null, last_change_made_at: null }),
    ).toEqual({ at: null, after: null });
  });
  it('nothing for a secondary never seen serving the zone', () => {
    const never = { ...base, serial: null, last_seen_serial: null };
    expect(
      lastArrival({ ...never, last_change_arrived_at: null, last_change_made_at: null }),
    ).toBeNull();
  });
});
