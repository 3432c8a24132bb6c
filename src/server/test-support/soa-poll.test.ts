// The benchmark's UDP SOA poller against a real Knot: the serial it reads is the one dig reads,
// it follows a change, and it says null or throws where a poll finds nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { startKnotPrimary, testZoneText, type KnotPrimary } from './knot-primary';
import { freePort } from './secondary-daemon';
import { serialAtLeast, soaPoller } from './soa-poll';

let knot: KnotPrimary | null = null;
afterEach(async () => {
  await knot?.destroy();
  knot = null;
});

describe('soaPoller', () => {
  it('reads the serial dig reads, and waits for a change to be served', async () => {
    knot = await startKnotPrimary({ zones: { 'poll.test': testZoneText('poll.test', 41) } });
    const poller = soaPoller(knot.port);
    try {
      expect(await poller.serial('poll.test.')).toBe(await knot.serialOf('poll.test'));
      expect(await poller.serial('poll.test')).toBe(41);
      expect(await poller.serial('other.test')).toBeNull(); // REFUSED: not its zone
      const waiting = poller.waitFor('poll.test', 42, 10_000);
      await knot.change('poll.test', { add: ['new.poll.test. 300 A 192.0.2.9'] });
      await waiting;
      expect(await poller.serial('poll.test')).toBe(42);
      await expect(poller.waitFor('poll.test', 50, 100)).rejects.toThrow(/serial 42.*not 50/);
    } finally {
      poller.close();
    }
  }, 60_000);

  it('gives null when nothing answers', async () => {
    const poller = soaPoller(await freePort());
    try {
      expect(await poller.serial('poll.test', 100)).toBeNull();
    } finally {
      poller.close();
    }
  });

  it('compares serials as RFC 1982 does, across the wrap', () => {
    expect(serialAtLeast(5, 5)).toBe(true);
    expect(serialAtLeast(6, 5)).toBe(true);
    expect(serialAtLeast(4, 5)).toBe(false);
    expect(serialAtLeast(2, 2 ** 32 - 2)).toBe(true);
    expect(serialAtLeast(2 ** 32 - 2, 2)).toBe(false);
  });
});
