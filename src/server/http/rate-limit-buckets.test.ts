// The token bucket on a clock of our own: refill, reclaiming full buckets, the cap on their
// number, and the address a bucket is kept for.
import { describe, expect, it } from 'vitest';
import { TokenBuckets, addressKey } from './rate-limit';

function clocked(rate: number, burst: number) {
  const clock = { t: 1000 };
  return { clock, buckets: new TokenBuckets(rate, burst, () => clock.t) };
}

describe('TokenBuckets', () => {
  it('allows the burst, then one request per 1/rate seconds', () => {
    const { clock, buckets } = clocked(2, 3);
    expect([1, 2, 3].map(() => buckets.take('k').ok)).toEqual([true, true, true]);
    const refused = buckets.take('k');
    expect(refused).toEqual({ ok: false, waitSeconds: 0.5 });
    clock.t += 0.5;
    expect(buckets.take('k')).toEqual({ ok: true, remaining: 0 });
    expect(buckets.take('k').ok).toBe(false);
  });

  it('never holds more than the burst, however long it rested', () => {
    const { clock, buckets } = clocked(10, 4);
    buckets.take('k');
    clock.t += 3600;
    expect(buckets.peek('k')).toBe(4);
    expect(buckets.take('k')).toEqual({ ok: true, remaining: 3 });
  });

  it('forgets buckets that have refilled, so memory follows the active clients', () => {
    const { clock, buckets } = clocked(1, 5);
    for (let i = 0; i < 1000; i++) [1, 2].forEach(() => buckets.take(`client-${i}`));
    expect(buckets.size).toBe(1000);
    clock.t += 1.2; // 4.2 tokens each: not full yet
    buckets.take('other');
    expect(buckets.size).toBe(1001);
    clock.t += 1.2;
    buckets.take('other');
    expect(buckets.size).toBe(1);
  });

  it('caps the number of buckets however many addresses take part', () => {
    const { buckets } = clocked(1, 5);
    for (let i = 0; i < 100_050; i++) buckets.take(`a${i}`);
    expect(buckets.size).toBe(100_000);
    // The most recent clients keep their (spent) buckets.
    expect(buckets.peek('a100049')).toBe(4);
  });
});

describe('addressKey', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0:0::1', '2001:db8:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('keys %s by %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
