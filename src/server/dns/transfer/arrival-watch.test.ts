// The queries after an acknowledged NOTIFY: on schedule, until the secondary serves the serial
// (or a newer one), replaced by a newer acknowledgement, and silent after stop().
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotifyTarget } from './acl';
import { ArrivalWatch } from './arrival-watch';
import type { Probe } from './soa-probe';

const target: NotifyTarget = { host: '127.0.0.1', port: 5301, key: null };
// Fake timers: the schedule is tested step by step, whatever the machine's load.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

let watch: ArrivalWatch | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  watch?.stop();
  vi.useRealTimers();
});

/** A secondary whose answers the test sets, and the sightings the watch reports. */
function setUp(schedule: number[]) {
  const state = { answer: { kind: 'serial', serial: 1 } as Probe, asked: 0 };
  const seen: { zone: string; serial: number }[] = [];
  watch = new ArrivalWatch(
    () => {
      state.asked++;
      return Promise.resolve(state.answer);
    },
    (zone, _target, serial) => seen.push({ zone, serial }),
    schedule,
  );
  return { state, seen, watch };
}

describe('ArrivalWatch', () => {
  it('asks until the secondary serves the acknowledged serial, then stops', async () => {
    const { state, seen, watch } = setUp([10, 30, 60, 90, 120]);
    watch.acknowledged('a.test', target, 2);
    await wait(45);
    expect(state.asked).toBe(2);
    expect(seen.map((s) => s.serial)).toEqual([1, 1]);
    state.answer = { kind: 'serial', serial: 2 };
    await wait(60);
    expect(state.asked).toBe(3);
    expect(seen.at(-1)).toEqual({ zone: 'a.test', serial: 2 });
    await wait(80);
    expect(state.asked).toBe(3);
    expect(watch.active).toBe(0);
  });

  it('stops at a newer serial too, and goes on through unreachable answers', async () => {
    const { state, seen, watch } = setUp([5, 15, 25]);
    state.answer = { kind: 'unreachable' };
    watch.acknowledged('a.test', target, 5);
    await wait(20);
    expect(seen).toEqual([]);
    state.answer = { kind: 'serial', serial: 6 };
    await wait(40);
    expect(state.asked).toBe(3);
    expect(seen).toEqual([{ zone: 'a.test', serial: 6 }]);
  });

  it('gives up after the last step of its schedule', async () => {
    const { state, watch } = setUp([5, 10]);
    watch.acknowledged('a.test', target, 9);
    await wait(60);
    expect(state.asked).toBe(2);
    expect(watch.active).toBe(0);
  });

  it('a newer acknowledgement of the same zone and target replaces the running watch', async () => {
    const { state, watch } = setUp([20, 40, 60]);
    watch.acknowledged('a.test', target, 2);
    watch.acknowledged('a.test', target, 3);
    watch.acknowledged('b.test', target, 3);
    expect(watch.active).toBe(2);
    await wait(30);
    expect(state.asked).toBe(2); // one per zone, not one per acknowledgement
  });

  it('asks nothing after stop()', async () => {
    const { state, watch } = setUp([10]);
    watch.acknowledged('a.test', target, 2);
    watch.stop();
    watch.acknowledged('a.test', target, 3);
    await wait(30);
    expect(state.asked).toBe(0);
    expect(watch.active).toBe(0);
  });
});
