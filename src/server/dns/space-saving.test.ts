// The space-saving sketch: exact below its slots, the total/slots guarantee on any stream, the
// over-count bound, and merges that keep both (fast-check on random streams).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHash, SpaceSaving } from './space-saving';

function trueCounts(stream: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of stream) m.set(s, (m.get(s) ?? 0) + 1);
  return m;
}

/** Every guarantee of a sketch that saw `stream` (in any split and merge). */
function expectGuarantees(sk: SpaceSaving, stream: readonly string[]) {
  const truth = trueCounts(stream);
  const entries = sk.entries();
  expect(entries.length).toBeLessThanOrEqual(sk.slots);
  const listed = new Map(entries.map((e) => [e.name, e]));
  for (const e of entries) {
    const t = truth.get(e.name) ?? 0;
    // Never under-counts; over-counts by at most its error, which is at most total/slots.
    expect(e.count).toBeGreaterThanOrEqual(t);
    expect(e.count - e.error).toBeLessThanOrEqual(t);
    expect(e.error).toBeLessThanOrEqual(stream.length / sk.slots);
  }
  for (const [name, t] of truth)
    if (t > stream.length / sk.slots) expect(listed.has(name)).toBe(true);
}

const streams = fc.array(
  fc.oneof(
    fc.constantFrom('a', 'b', 'c'),
    fc.integer({ min: 0, max: 40 }).map((n) => `j${n}`),
  ),
  { maxLength: 600 },
);

describe('SpaceSaving', () => {
  it('counts exactly while there are fewer names than slots, most counted first', () => {
    const sk = new SpaceSaving(4);
    for (const [name, n] of [
      ['b', 2],
      ['a', 5],
      ['c', 1],
    ] as const)
      for (let i = 0; i < n; i++) sk.add(name);
    expect(sk.entries()).toEqual([
      { name: 'a', count: 5, error: 0 },
      { name: 'b', count: 2, error: 0 },
      { name: 'c', count: 1, error: 0 },
    ]);
    expect(sk.floor).toBe(0);
  });

  it('keeps a name asked more than total/slots through a flood of distinct names', () => {
    const sk = new SpaceSaving(16);
    const stream: string[] = [];
    for (let i = 0; i < 10_000; i++) stream.push(i % 10 === 0 ? 'real' : `junk${i}`);
    for (const s of stream) sk.add(s);
    expect(sk.size).toBe(16);
    expect(sk.entries()[0]).toMatchObject({ name: 'real' });
    expectGuarantees(sk, stream);
  });

  it('holds its guarantees on any stream', () => {
    fc.assert(
      fc.property(streams, fc.integer({ min: 1, max: 20 }), (stream, slots) => {
        const sk = new SpaceSaving(slots);
        for (const s of stream) sk.add(s);
        expectGuarantees(sk, stream);
      }),
    );
  });

  it('finds its slots by hash whatever the collisions: the same entries with any hash', () => {
    // Hashes of two bits make every name collide and probe across the index's end; the
    // sketch must count exactly as with the names' own hashes (only the index uses them).
    fc.assert(
      fc.property(streams, fc.integer({ min: 1, max: 20 }), (stream, slots) => {
        const own = new SpaceSaving(slots);
        const colliding = new SpaceSaving(slots);
        for (const s of stream) {
          own.add(s);
          colliding.add(s, 1, nameHash(s) & 3);
        }
        expect(colliding.entries()).toEqual(own.entries());
        expectGuarantees(colliding, stream);
      }),
    );
  });

  it('holds them when two halves counted apart are merged', () => {
    fc.assert(
      fc.property(streams, streams, fc.integer({ min: 1, max: 12 }), (x, y, slots) => {
        const a = new SpaceSaving(slots);
        const b = new SpaceSaving(slots);
        for (const s of x) a.add(s);
        for (const s of y) b.add(s);
        a.merge(b.entries(), b.total, b.floor);
        expect(a.total).toBe(x.length + y.length);
        expectGuarantees(a, [...x, ...y]);
        // And it keeps counting correctly after the merge (the heap is rebuilt).
        for (const s of x) a.add(s);
        expectGuarantees(a, [...x, ...y, ...x]);
      }),
    );
  });

  it('merges exactly while both sides have free slots', () => {
    const a = new SpaceSaving(8);
    const b = new SpaceSaving(8);
    a.add('x', 3);
    a.add('y');
    b.add('x', 2);
    b.add('z', 4);
    a.merge(b.entries(), b.total, b.floor);
    expect(a.entries()).toEqual([
      { name: 'x', count: 5, error: 0 },
      { name: 'z', count: 4, error: 0 },
      { name: 'y', count: 1, error: 0 },
    ]);
  });

  it("adds a full side's floor to names that side evicted, in both directions", () => {
    // Two slots: x, y, y, z, z evicts x (counted once there) for z; a name missing from a full
    // sketch may have been counted up to its floor, so the merge must not under-count x.
    const evicting = () => {
      const s = new SpaceSaving(2);
      for (const n of ['x', 'y', 'y', 'z', 'z']) s.add(n);
      return s;
    };
    const exact = () => {
      const s = new SpaceSaving(2);
      s.add('x', 5);
      return s;
    };
    const stream = ['x', 'y', 'y', 'z', 'z', 'x', 'x', 'x', 'x', 'x'];
    const a = exact();
    const b = evicting();
    a.merge(b.entries(), b.total, b.floor);
    expectGuarantees(a, stream);
    const c = evicting();
    const d = exact();
    c.merge(d.entries(), d.total, d.floor);
    expectGuarantees(c, stream);
    expect(a.entries()[0]).toEqual(c.entries()[0]);
  });

  it('refuses a sketch without slots', () => {
    expect(() => new SpaceSaving(0)).toThrow(/positive integer/);
  });
});
