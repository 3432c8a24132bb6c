// The answer caches' bounds, and what survives a flood of questions asked once.
import { describe, expect, it } from 'vitest';
import { AnswerCache, MAX_CHAIN } from './answer-cache';
import { questionHash } from './query';

const VARIANT = 4096 * 4 + 1;

/** A query datagram's first octets for `name` (type `type`, class IN): header, question. */
function query(name: string, type = 1): Buffer {
  const labels = name
    .split('.')
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  return Buffer.concat([
    Buffer.alloc(12),
    ...labels,
    Buffer.from([0, type >> 8, type & 255, 0, 1]),
  ]);
}

/** The cache keyed by names, as the server keys it by the questions' octets. */
class ByName<E> {
  constructor(readonly cache: AnswerCache<E>) {}
  get size() {
    return this.cache.size;
  }
  get(variant: number, name: string, type = 1): E | undefined {
    const msg = query(name, type);
    return this.cache.get(variant, questionHash(msg, 12, msg.length), msg, msg.length);
  }
  set(variant: number, name: string, entry: E, type = 1): void {
    const key = query(name.toLowerCase(), type).subarray(12);
    this.cache.set(variant, questionHash(key, 0, key.length), key, entry);
  }
  delete(variant: number, name: string): void {
    const key = query(name.toLowerCase()).subarray(12);
    this.cache.delete(variant, questionHash(key, 0, key.length), key);
  }
  clear() {
    this.cache.clear();
  }
}

const named = <E>(max: number, generations = false) =>
  new ByName(new AnswerCache<E>(max, generations));

/** A flood of `junk` questions asked once each, with `real` asked again every `every` of them;
 * returns how often `real` had to be built again (a miss) after its first answer, and the
 * largest size seen. */
function flood(cache: ByName<string>, junk: number, every: number) {
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
    const cache = named<string>(20_000, true);
    const { misses, largest } = flood(cache, 100_000, 5_000);
    expect(misses).toBe(0);
    expect(largest).toBeLessThanOrEqual(20_000);
    expect(cache.get(VARIANT, 'real')).toBe('real answer');
  });

  it('emptied when full (the answers of names that exist) loses it at each emptying', () => {
    const cache = named<string>(20_000);
    const { misses, largest } = flood(cache, 100_000, 5_000);
    expect(misses).toBe(4); // 100,000 questions, emptied at every 20,000
    expect(largest).toBeLessThanOrEqual(20_000);
  });

  it('with generations drops what is not asked again within a turn', () => {
    const cache = named<string>(10, true);
    cache.set(VARIANT, 'once', 'a');
    for (let i = 0; i < 10; i++) cache.set(VARIANT, `q${i}`, 'x');
    expect(cache.get(VARIANT, 'once')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('counts an answer once whichever generation holds it, and deletes it from both', () => {
    const cache = named<string>(4, true);
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

  it('finds a question in any case of its name, never another type whose octet is a letter', () => {
    const cache = named<string>(100);
    cache.set(VARIANT, 'www.example.test', 'A answer');
    expect(cache.get(VARIANT, 'WwW.ExAmple.TEST')).toBe('A answer');
    // Type 0x0041 (HTTPS) and 0x0061 differ by the bit that makes a letter lower-case.
    cache.set(VARIANT, 'www.example.test', 'HTTPS answer', 0x41);
    expect(cache.get(VARIANT, 'www.example.test', 0x61)).toBeUndefined();
    expect(cache.get(VARIANT, 'www.example.test', 0x41)).toBe('HTTPS answer');
    expect(cache.get(VARIANT, 'www.example.tesu')).toBeUndefined();
    expect(cache.get(VARIANT, 'www.example.tes')).toBeUndefined();
  });

  it('grows past its first table and reuses the room of deleted answers', () => {
    const cache = named<number>(50_000);
    for (let i = 0; i < 20_000; i++) cache.set(VARIANT, `n${i}.example.test`, i);
    expect(cache.size).toBe(20_000);
    for (let i = 0; i < 20_000; i += 7) expect(cache.get(VARIANT, `n${i}.example.test`)).toBe(i);
    for (let i = 0; i < 20_000; i += 2) cache.delete(VARIANT, `n${i}.example.test`);
    expect(cache.size).toBe(10_000);
    for (let i = 0; i < 10_000; i++) cache.set(VARIANT, `m${i}.example.test`, -i);
    expect(cache.size).toBe(20_000);
    expect(cache.get(VARIANT, 'n2.example.test')).toBeUndefined();
    expect(cache.get(VARIANT, 'n3.example.test')).toBe(3);
    expect(cache.get(VARIANT, 'm9999.example.test')).toBe(-9999);
  });

  it('keeps questions of any length, those too long for a slot among the others', () => {
    // A slot holds a question of up to 48 octets inline (a name of up to 44 in wire form);
    // longer ones are kept apart. Key lengths around that bound and far past it, in any case,
    // through deletes, growth past the first table, and moves back from the old generation.
    const keyLengths = [46, 47, 48, 49, 50, 51, 66, 125, 255];
    /** A name whose question (wire name, type and class) is `length` octets. */
    const nameOf = (length: number, i: number) => {
      // Labels of up to 63 octets: the wire name is the labels' octets plus one each, plus 1.
      const wire = length - 4 - 1;
      const labels: string[] = [];
      for (let left = wire, k = 0; left > 0; k++) {
        const size = Math.min(63, left - 1);
        labels.push(`${k === 0 ? `${i}-` : ''}${'a'.repeat(size)}`.slice(0, size));
        left -= size + 1;
      }
      return labels.join('.');
    };
    const names = keyLengths.map(nameOf);
    names.forEach((name, i) => expect(query(name).length - 12).toBe(keyLengths[i]));
    const cache = named<number>(8192, true);
    names.forEach((name, i) => cache.set(VARIANT, name, i));
    names.forEach((name, i) => expect(cache.get(VARIANT, name.toUpperCase())).toBe(i));
    cache.delete(VARIANT, names[6]!);
    cache.delete(VARIANT, names[1]!);
    expect(cache.get(VARIANT, names[6]!)).toBeUndefined();
    expect(cache.get(VARIANT, names[1]!)).toBeUndefined();
    // 3,000 more, a third of them long: the young table grows from 1,024 slots twice.
    for (let i = 0; i < 3000; i++) cache.set(VARIANT, i % 3 ? `junk${i}.test` : nameOf(60, i), i);
    for (const i of [0, 2, 3, 4, 5, 7, 8]) expect(cache.get(VARIANT, names[i]!)).toBe(i);
    expect(cache.get(VARIANT, nameOf(60, 2997))).toBe(2997);
    // Turn the generations (4,096 new answers each): what is asked again in between moves back
    // to the young one, its key with it; what is not is dropped.
    for (let i = 0; i < 4096; i++) cache.set(VARIANT, `more${i}.test`, -1);
    for (const i of [2, 3, 8]) expect(cache.get(VARIANT, names[i]!.toUpperCase())).toBe(i);
    for (let i = 0; i < 4096; i++) cache.set(VARIANT, `again${i}.test`, -1);
    for (const i of [2, 3, 8]) expect(cache.get(VARIANT, names[i]!)).toBe(i);
    for (const i of [0, 4, 5, 7]) expect(cache.get(VARIANT, names[i]!)).toBeUndefined();
  });

  it('keeps no more than MAX_CHAIN questions of one hash: chosen collisions cost a short walk', () => {
    // Questions made to share a hash (here: given the same one) fill one bucket, then are
    // answered without the cache; those kept are still found.
    const cache = new AnswerCache<number>(1000);
    const HASH = 12345;
    const keys = Array.from({ length: 40 }, (_, i) => query(`c${i}.example.test`));
    keys.forEach((k, i) => cache.set(VARIANT, HASH, k.subarray(12), i));
    expect(cache.size).toBe(MAX_CHAIN);
    for (let i = 0; i < 40; i++) {
      const got = cache.get(VARIANT, HASH, keys[i]!, keys[i]!.length);
      expect(got).toBe(i < MAX_CHAIN ? i : undefined);
    }
  });
});
