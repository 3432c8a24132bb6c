import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRRset } from '../../api/record-list';
import { testRecord } from '../../test/records';
import { allIds, rangeIds, retainIn, selectionMask, withIds } from './selection';

// Three RRsets: h00000 (1 value), h00001 (3 values), h00002 (1 value).
const sets = [
  makeRRset('example.com', [testRecord(0)]),
  makeRRset(
    'example.com',
    [1, 2, 3].map((c) => testRecord(1, { id: `rec_1_${c}`, content: `192.0.2.${c}` })),
  ),
  makeRRset('example.com', [testRecord(2)]),
];
const flat = ['rec_0', 'rec_1_1', 'rec_1_2', 'rec_1_3', 'rec_2'];

describe('rangeIds', () => {
  it('runs from the anchor to a value, in table order, either way', () => {
    expect(rangeIds(sets, 'rec_0', { set: sets[1]!, id: 'rec_1_2' })).toEqual(flat.slice(0, 3));
    expect(rangeIds(sets, 'rec_2', { set: sets[1]!, id: 'rec_1_2' })).toEqual(flat.slice(2));
  });

  it('takes a whole RRset when its checkbox is the target', () => {
    expect(rangeIds(sets, 'rec_0', { set: sets[1]!, id: null })).toEqual(flat.slice(0, 4));
    expect(rangeIds(sets, 'rec_2', { set: sets[1]!, id: null })).toEqual(flat.slice(1));
  });

  it('is the target alone without an anchor, or when the anchor is no longer shown', () => {
    expect(rangeIds(sets, null, { set: sets[1]!, id: null })).toEqual(flat.slice(1, 4));
    expect(rangeIds(sets, 'gone', { set: sets[2]!, id: 'rec_2' })).toEqual(['rec_2']);
  });

  it('is always a contiguous run of the table that holds both ends', () => {
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), (a, b) => {
        const target = flat[b]!;
        const set = sets.find((s) => s.values.some((v) => v.id === target))!;
        const ids = rangeIds(sets, flat[a]!, { set, id: target });
        const start = flat.indexOf(ids[0]!);
        expect(ids).toEqual(flat.slice(start, start + ids.length));
        expect(ids).toContain(flat[a]);
        expect(ids).toContain(target);
      }),
    );
  });
});

describe('withIds, allIds and selectionMask', () => {
  it('adds and removes, keeping the same Set when nothing changes', () => {
    const s = withIds(new Set(), ['a', 'b'], true);
    expect([...s]).toEqual(['a', 'b']);
    expect(withIds(s, ['a'], true)).toBe(s);
    expect([...withIds(s, ['a', 'c'], false)]).toEqual(['b']);
  });

  it('selects every value shown and marks each RRset by value', () => {
    const all = allIds(sets);
    expect(all.size).toBe(5);
    expect(selectionMask(sets[1]!, new Set(['rec_1_2']))).toBe('010');
    expect(selectionMask(sets[1]!, all)).toBe('111');
    expect(selectionMask(sets[0]!, new Set(['rec_1_2']))).toBe('');
  });
});

describe('retainIn', () => {
  it('drops ids the list no longer holds, and keeps the same Set otherwise', () => {
    const s = new Set(['rec_0', 'rec_2']);
    expect(retainIn(s, sets)).toBe(s);
    expect([...retainIn(new Set(['rec_0', 'gone']), sets)]).toEqual(['rec_0']);
  });
});
