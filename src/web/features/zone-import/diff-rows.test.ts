import { describe, expect, it } from 'vitest';
import type { RRsetDiff } from '../../../shared/api/changes';
import { diffRow, relativeName } from './diff-rows';

const state = (ttl: number, ...values: Array<string | [string, boolean]>) => ({
  ttl,
  comment: null,
  values: values.map((v) =>
    typeof v === 'string' ? { content: v, disabled: false } : { content: v[0], disabled: v[1] },
  ),
});
const diff = (before: RRsetDiff['before'], after: RRsetDiff['after']): RRsetDiff => ({
  name: 'www.example.com.',
  type: 'A',
  before,
  after,
});

describe('relativeName', () => {
  it.each([
    ['www.example.com.', 'www'],
    ['example.com.', '@'],
    ['A.B.Example.COM.', 'A.B'],
    ['other.net.', 'other.net.'],
    ['badexample.com.', 'badexample.com.'],
  ])('%s in example.com is %s', (name, want) => {
    expect(relativeName(name, 'example.com')).toBe(want);
    expect(relativeName(name, 'example.com.')).toBe(want);
  });
});

describe('diffRow', () => {
  it('an added RRset: every value added, no TTL before', () => {
    const row = diffRow(diff(null, state(300, '192.0.2.2', '192.0.2.1')), 'example.com');
    expect(row).toMatchObject({ kind: 'added', name: 'www', ttlBefore: null, ttlAfter: 300 });
    expect(row.values.map((v) => [v.mark, v.content])).toEqual([
      ['added', '192.0.2.1'],
      ['added', '192.0.2.2'],
    ]);
  });

  it('a removed RRset: every value removed, no TTL after', () => {
    const row = diffRow(diff(state(3600, '192.0.2.1'), null), 'example.com');
    expect(row).toMatchObject({ kind: 'removed', ttlBefore: 3600, ttlAfter: null });
    expect(row.values.map((v) => v.mark)).toEqual(['removed']);
  });

  it('a changed RRset: values kept, added and removed in content order, TTL before and after', () => {
    const row = diffRow(
      diff(state(3600, '192.0.2.1', '192.0.2.3'), state(300, '192.0.2.1', '192.0.2.2')),
      'example.com',
    );
    expect(row).toMatchObject({ kind: 'changed', ttlBefore: 3600, ttlAfter: 300 });
    expect(row.values.map((v) => [v.mark, v.content])).toEqual([
      ['kept', '192.0.2.1'],
      ['added', '192.0.2.2'],
      ['removed', '192.0.2.3'],
    ]);
  });

  it('a value disabled by the import is kept and marked toggled', () => {
    const row = diffRow(
      diff(state(300, '192.0.2.1'), state(300, ['192.0.2.1', true])),
      'example.com',
    );
    expect(row.values).toEqual([
      { mark: 'kept', content: '192.0.2.1', disabled: true, toggled: true },
    ]);
  });
});
