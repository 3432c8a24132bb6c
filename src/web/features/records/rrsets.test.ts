import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../api/records';
import { filterRRsets, groupRRsets, sortRRsets } from './rrsets';

const r = (
  name: string,
  type: string,
  content: string,
  comment: string | null = null,
): DnsRecord => ({
  id: `${name}${type}${content}`,
  name: name === '@' ? 'example.com.' : `${name}.example.com.`,
  type,
  content,
  ttl: 3600,
  disabled: false,
  comment,
});

const records = [
  r('www', 'A', '192.0.2.2', 'web pool'),
  r('www', 'A', '192.0.2.1', 'web pool'),
  r('@', 'MX', '10 mail.example.com.'),
  r('a.b', 'TXT', 'hello'),
  r('b', 'AAAA', '2001:db8::1'),
  r('www', 'AAAA', '2001:db8::2'),
];

describe('RRsets', () => {
  const sets = groupRRsets(records, 'example.com');

  it('groups values by name and type, relative names, values sorted', () => {
    const www = sets.find((s) => s.relative === 'www' && s.type === 'A');
    expect(www?.values.map((v) => v.content)).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(sets).toHaveLength(5);
  });

  it('sorts by name (apex first, labels from the right) or by type', () => {
    expect(sortRRsets(sets, 'name').map((s) => `${s.relative} ${s.type}`)).toEqual([
      '@ MX',
      'b AAAA',
      'a.b TXT',
      'www A',
      'www AAAA',
    ]);
    expect(sortRRsets(sets, 'type').map((s) => s.type)).toEqual(['A', 'AAAA', 'AAAA', 'MX', 'TXT']);
  });

  it('filters by type and by a search over names, values and comments', () => {
    const labels = (type: string, query: string) =>
      filterRRsets(sortRRsets(sets, 'name'), { type, query }).map((s) => `${s.relative} ${s.type}`);
    expect(labels('AAAA', '')).toEqual(['b AAAA', 'www AAAA']);
    expect(labels('', 'POOL')).toEqual(['www A']);
    expect(labels('', 'mail.example')).toEqual(['@ MX']);
    expect(labels('', 'www.example.com')).toEqual(['www A', 'www AAAA']);
    expect(labels('MX', 'pool')).toEqual([]);
  });

  it('keeps a pinned RRset visible whatever the search', () => {
    const kept = filterRRsets(sets, { type: '', query: 'nothing', keep: sets[0]!.key });
    expect(kept).toEqual([sets[0]]);
  });
});
