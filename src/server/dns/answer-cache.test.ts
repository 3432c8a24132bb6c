// The answer caches' bounds, and what survives a flood of questions asked once.
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

const VARIANT = 4096 * 4 + 1;

/** A flood of `junk` questions asked once each, with `real` asked again every `every` of them;
 * returns how often `real` had to be built again (a miss) after its first answer, and the
 * largest size seen. */
function flood(cache: AnswerCache<string>, junk: number, every: number) {
  let misses = 0;
  let largest = 0;
  cache.set(VARIANT, 'real', 'real answer');
  for (let i = 0; i < junk; i++) {
    cache.set(VARIANT, `junk${i}`, 'NXDOMAIN');
    largest = Math.max(largest, cache.size);
    if (i % every === 0 && cache.get(VARIANT, 'real') === undefined) {
      misses++;
      cache.set(VARIANT, 'real', 'real answer');
    }
  }
  return { misses, largest };
}

describe('AnswerCache', () => {
  it('with generations keeps an answer asked again within half the bound through a flood', () => {
    const cache = new AnswerCache<string>(20_000, true);
    const { misses, largest } = flood(cache, 100_000, 5_000);
    expect(misses).toBe(0);
    expect(largest).toBeLessThanOrEqual(20_000);
    expect(cache.get(VARIANT, 'real')).toBe('real answer');
  });

  it('emptied when full (the answers of names that exist) loses it at each emptying', () => {
    const cache = new AnswerCache<string>(20_000);
    const { misses, largest } = flood(cache, 100_000, 5_000);
    expect(misses).toBe(4); // 100,000 questions, emptied at every 20,000
    expect(largest).toBeLessThanOrEqual(20_000);
  });

  it('with generations drops what is not asked again within a turn', () => {
    const cache = new AnswerCache<string>(10, true);
    cache.set(VARIANT, 'once', 'a');
    for (let i = 0; i < 10; i++) cache.set(VARIANT, `q${i}`, 'x');
    expect(cache.get(VARIANT, 'once')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('counts an answer once whichever generation holds it, and deletes it from both', () => {
    const cache = new AnswerCache<string>(4, true);
    cache.set(VARIANT, 'a', '1');
    cache.set(VARIANT, 'b', '1');
    cache.set(VARIANT, 'c', '1'); // a and b now old
    expect(cache.size).toBe(3);
    cache.set(VARIANT, 'a', '2'); // answered anew: the old answer goes
    expect(cache.size).toBe(3);
    expect(cache.get(VARIANT, 'a')).toBe('2');
    expect(cache.get(VARIANT, 'b')).toBe('1'); // moved back to the young generation
    expect(cache.size).toBe(3);
    cache.delete(VARIANT, 'b');
    cache.delete(VARIANT, 'c');
    expect(cache.size).toBe(1);
    expect(cache.get(VARIANT, 'b')).toBeUndefined();
    // Variants are apart: the same question in another variant is another answer.
    expect(cache.get(VARIANT + 1, 'a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
