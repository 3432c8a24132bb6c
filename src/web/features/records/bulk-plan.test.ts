import { describe, expect, it } from 'vitest';
import { recordVersion } from '../../../shared/api/versions';
import { makeRRset } from '../../api/record-list';
import { testRecord } from '../../test/records';
import { doneMessage, planBulk, selectedSets } from './bulk-plan';

const fmt = (s: number) => `${s}s`;
const single = makeRRset('example.com', [testRecord(0, { ttl: 300 })]);
const multi = makeRRset(
  'example.com',
  [1, 2].map((c) =>
    testRecord(1, { id: `rec_1_${c}`, content: `192.0.2.${c}`, disabled: c === 2 }),
  ),
);
const sets = [single, multi];

describe('selectedSets', () => {
  it('groups the selected ids by RRset in list order and drops ids not in the list', () => {
    const got = selectedSets(sets, new Set(['rec_1_2', 'rec_0', 'gone']));
    expect(got.map((g) => g.values.map((v) => v.id))).toEqual([['rec_0'], ['rec_1_2']]);
  });
});

describe('planBulk', () => {
  const chosen = selectedSets(sets, new Set(['rec_0', 'rec_1_1']));

  it('deletes each selected value by id and version, and says which', () => {
    const plan = planBulk(chosen, { kind: 'delete' }, fmt);
    expect(plan.operations).toEqual([
      { op: 'delete', id: 'rec_0', if_match: recordVersion(single.values[0]!) },
      { op: 'delete', id: 'rec_1_1', if_match: recordVersion(multi.values[0]!) },
    ]);
    expect(plan.lines[1]).toEqual({
      label: 'h00001 A 192.0.2.1',
      change: 'removed',
      record: multi.values[0],
    });
    expect(plan.rrsets).toBe(2);
  });

  it('sets the TTL of whole RRsets, skipping those already at it', () => {
    const plan = planBulk(chosen, { kind: 'ttl', ttl: 300 }, fmt);
    // h00000 is at 300 already; h00001 changes both values though one was selected.
    expect(plan.operations.map((o) => (o.op === 'update' ? [o.id, o.ttl, o.disabled] : o))).toEqual(
      [
        ['rec_1_1', 300, false],
        ['rec_1_2', 300, true],
      ],
    );
    expect(plan.unchanged).toBe(1);
    expect(plan.widened).toBe(1);
    expect(plan.lines[0]!.change).toBe('TTL 3600s → 300s');
    // The value not selected goes with the version the preview saw too.
    expect(plan.operations.map((o) => o.op !== 'create' && o.if_match)).toEqual(
      multi.values.map(recordVersion),
    );
    expect(plan.lines.map((l) => l.record)).toEqual(multi.values);
  });

  it('disables and enables only the values not already so, keeping TTL and content', () => {
    const all = selectedSets(sets, new Set(['rec_0', 'rec_1_1', 'rec_1_2']));
    const off = planBulk(all, { kind: 'disable' }, fmt);
    expect(off.operations).toEqual([
      {
        op: 'update',
        id: 'rec_0',
        name: single.name,
        type: 'A',
        content: '192.0.2.1',
        ttl: 300,
        disabled: true,
        if_match: recordVersion(single.values[0]!),
      },
      {
        op: 'update',
        id: 'rec_1_1',
        name: multi.name,
        type: 'A',
        content: '192.0.2.1',
        ttl: 3600,
        disabled: true,
        if_match: recordVersion(multi.values[0]!),
      },
    ]);
    expect(off.unchanged).toBe(1);
    const on = planBulk(all, { kind: 'enable' }, fmt);
    expect(on.operations.map((o) => (o.op === 'update' ? o.id : ''))).toEqual(['rec_1_2']);
  });

  it('words the toast', () => {
    expect(doneMessage({ kind: 'ttl', ttl: 300 }, 500)).toBe('Changed TTL of 500 records');
    expect(doneMessage({ kind: 'delete' }, 1)).toBe('Deleted 1 record');
    expect(doneMessage({ kind: 'enable' }, 1200)).toBe('Enabled 1,200 records');
  });
});
