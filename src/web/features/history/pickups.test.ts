// Which secondaries have a change: by serial order (RFC 1982), the first arrival that has it,
// "has it" without a time when the arrival was not seen, and "waiting" otherwise.
import { describe, expect, it } from 'vitest';
import { ARRIVALS_KEPT, type SecondaryStatus } from '../../../shared/api/secondaries';
import { pickupOf, pickupsOf } from './pickups';

const MADE = '2026-11-25T12:04:30.000Z';
const at = (ms: number) => new Date(Date.parse(MADE) + ms).toISOString();
const change = { serial: 100, created_at: MADE };

const s = (over: Partial<SecondaryStatus>): SecondaryStatus => ({
  target: '127.0.0.1:5301',
  signed: false,
  state: 'in_sync',
  serial: 100,
  behind_changes: 0,
  detail: null,
  checked_at: at(5_000),
  last_seen_serial: 100,
  last_seen_at: at(5_000),
  arrivals: [],
  last_change_arrived_at: null,
  last_change_made_at: null,
  last_notify: null,
  ...over,
});

describe('pickupOf', () => {
  it('is the arrival of the change’s own serial, with the delay since it was made', () => {
    const p = pickupOf(change, s({ arrivals: [{ serial: 100, at: at(812) }] }));
    expect(p).toEqual({ target: '127.0.0.1:5301', kind: 'arrived', at: at(812), afterMs: 812 });
  });

  it('is the first arrival of a newer serial when the secondary skipped the change’s own', () => {
    const arrivals = [
      { serial: 103, at: at(9_000) },
      { serial: 101, at: at(1_500) },
      { serial: 99, at: at(-60_000) },
    ];
    expect(pickupOf(change, s({ serial: 103, arrivals }))).toMatchObject({
      kind: 'arrived',
      at: at(1_500),
      afterMs: 1_500,
    });
  });

  it('orders serials as RFC 1982 does, across the wrap at 2^32', () => {
    const wrapped = { serial: 0xfffffffe, created_at: MADE };
    const arrivals = [{ serial: 3, at: at(700) }];
    expect(pickupOf(wrapped, s({ serial: 3, arrivals })).kind).toBe('arrived');
  });

  it('"has it" when it serves the change but no arrival was seen', () => {
    expect(pickupOf(change, s({ serial: 104, arrivals: [] })).kind).toBe('has');
    // unreachable now, last seen serving a serial that has it
    const gone = s({ state: 'unreachable', serial: null, last_seen_serial: 100 });
    expect(pickupOf(change, gone).kind).toBe('has');
  });

  it('"has it" without a time when the only arrival that has it is the oldest kept', () => {
    const arrivals = Array.from({ length: ARRIVALS_KEPT }, (_, i) => ({
      serial: 200 - i,
      at: at(100_000 - i),
    }));
    expect(pickupOf(change, s({ serial: 200, arrivals })).kind).toBe('has');
    // …while a change inside the kept range still has its time.
    expect(pickupOf({ serial: 180, created_at: MADE }, s({ serial: 200, arrivals })).kind).toBe(
      'arrived',
    );
  });

  it('is waiting while it serves an older serial, and says when it cannot be asked', () => {
    expect(pickupOf(change, s({ serial: 99, last_seen_serial: 99 }))).toEqual({
      target: '127.0.0.1:5301',
      kind: 'waiting',
      why: null,
    });
    const gone = s({ state: 'unreachable', serial: null, last_seen_serial: 99 });
    expect(pickupOf(change, gone)).toMatchObject({ kind: 'waiting', why: 'unreachable' });
    const never = s({ state: 'refused', serial: null, last_seen_serial: null });
    expect(pickupOf(change, never)).toMatchObject({ kind: 'waiting', why: 'refused' });
  });
});

describe('pickupsOf', () => {
  it('is null without secondaries, and "everywhere" when all have it with no time to tell', () => {
    expect(pickupsOf(change, [])).toBeNull();
    const all = pickupsOf(change, [s({}), s({ target: '127.0.0.1:5302' })]);
    expect(all?.everywhere).toBe(true);
    const one = pickupsOf(change, [s({ arrivals: [{ serial: 100, at: at(300) }] }), s({})]);
    expect(one?.everywhere).toBe(false);
    expect(one?.list.map((p) => p.kind)).toEqual(['arrived', 'has']);
  });
});
