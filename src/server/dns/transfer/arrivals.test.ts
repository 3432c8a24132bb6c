// The bookkeeping of arrivals: first sightings only, serials made before the run are no
// arrival, the last serial seen survives, and every memory is bounded.
import { describe, expect, it } from 'vitest';
import { ArrivalBook } from './arrivals';

const Z = 'zone-1';
const T = '127.0.0.1:5301';

describe('ArrivalBook', () => {
  it('records when each serial made in this run was first seen, newest first', () => {
    const book = new ArrivalBook();
    book.madeSerial(Z, 100, 1_000);
    book.saw(Z, T, 100, 1_200);
    book.saw(Z, T, 100, 5_000); // still serving it: no new arrival, a later sighting
    book.madeSerial(Z, 101, 6_000);
    book.saw(Z, T, 101, 6_300);
    expect(book.of(Z, T).arrivals).toEqual([
      { serial: 101, at: 6_300 },
      { serial: 100, at: 1_200 },
    ]);
    expect(book.of(Z, T).last).toEqual({ serial: 101, at: 6_300 });
    expect(book.arrivedAt(Z, T, 100)).toBe(1_200);
    expect(book.arrivedAt(Z, T, 99)).toBeNull();
  });

  it('keeps the time of the last sighting, and the serial seen last, apart from arrivals', () => {
    const book = new ArrivalBook();
    book.madeSerial(Z, 100, 1_000);
    book.saw(Z, T, 100, 1_200);
    book.saw(Z, T, 100, 9_000);
    expect(book.of(Z, T).last).toEqual({ serial: 100, at: 9_000 });
    expect(book.arrivedAt(Z, T, 100)).toBe(1_200);
  });

  it('does not call a serial made before this run an arrival at its first sighting', () => {
    const book = new ArrivalBook();
    book.saw(Z, T, 50, 1_000); // served since before the service started
    expect(book.of(Z, T)).toEqual({ arrivals: [], last: { serial: 50, at: 1_000 } });
    // The next serial it takes is seen arriving, made in this run or not.
    book.saw(Z, T, 51, 2_000);
    expect(book.of(Z, T).arrivals).toEqual([{ serial: 51, at: 2_000 }]);
  });

  it('counts a serial once even when the secondary goes back to it', () => {
    const book = new ArrivalBook();
    book.madeSerial(Z, 1, 0);
    book.saw(Z, T, 1, 10);
    book.saw(Z, T, 2, 20);
    book.saw(Z, T, 1, 30);
    expect(book.of(Z, T).arrivals.map((a) => a.serial)).toEqual([2, 1]);
    expect(book.of(Z, T).last).toEqual({ serial: 1, at: 30 });
  });

  it('keeps zones and secondaries apart, and forgets a deleted zone', () => {
    const book = new ArrivalBook();
    book.madeSerial(Z, 7, 0);
    book.madeSerial('zone-2', 7, 0);
    book.saw(Z, T, 7, 1);
    book.saw(Z, '127.0.0.1:5302', 7, 2);
    book.saw('zone-2', T, 7, 3);
    expect(book.arrivedAt(Z, '127.0.0.1:5302', 7)).toBe(2);
    expect(book.arrivedAt('zone-2', T, 7)).toBe(3);
    book.forget(Z);
    expect(book.of(Z, T)).toEqual({ arrivals: [], last: null });
    expect(book.madeAt(Z, 7)).toBeUndefined();
    expect(book.arrivedAt('zone-2', T, 7)).toBe(3);
  });

  it('remembers at most `serials` arrivals per pair and made serials per zone', () => {
    const book = new ArrivalBook({ serials: 3, tracks: 10 });
    for (let s = 1; s <= 6; s++) {
      book.madeSerial(Z, s, s);
      book.saw(Z, T, s, s * 10);
    }
    expect(book.of(Z, T).arrivals.map((a) => a.serial)).toEqual([6, 5, 4]);
    expect(book.madeAt(Z, 3)).toBeUndefined();
    expect(book.madeAt(Z, 4)).toBe(4);
  });

  it('remembers at most `tracks` pairs, dropping the least recently seen', () => {
    const book = new ArrivalBook({ serials: 3, tracks: 2 });
    book.saw('a', T, 1, 1);
    book.saw('b', T, 1, 2);
    book.saw('a', T, 1, 3); // a is seen again: b is now the oldest
    book.saw('c', T, 1, 4);
    expect(book.size).toBe(2);
    expect(book.of('b', T).last).toBeNull();
    expect(book.of('a', T).last).toEqual({ serial: 1, at: 3 });
  });
});
