import { describe, expect, it } from 'vitest';
import { addRecords, emptyRecordList } from '../../api/record-list';
import type { DnsRecord } from '../../api/records';
import {
  countMatching,
  filterNarrowing,
  filterRRsets,
  matchingIds,
  matchingValues,
  orderRRsets,
  typeCounts,
} from './rrsets';

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
  const { sets } = addRecords(emptyRecordList(), records, { zoneName: 'example.com', total: 6 });
  const labels = (list: readonly { relative: string; type: string }[]) =>
    list.map((s) => `${s.relative} ${s.type}`);

  it('groups values by name and type, relative names, values sorted', () => {
    const www = sets.find((s) => s.relative === 'www' && s.type === 'A');
    expect(www?.values.map((v) => v.content)).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(sets).toHaveLength(5);
  });

  it('orders by name (apex first, labels from the right) or by type', () => {
    expect(labels(orderRRsets(sets, 'name'))).toEqual([
      '@ MX',
      'b AAAA',
      'a.b TXT',
      'www A',
      'www AAAA',
    ]);
    expect(labels(orderRRsets(sets, 'type'))).toEqual([
      'www A',
      'b AAAA',
      'www AAAA',
      '@ MX',
      'a.b TXT',
    ]);
  });

  it('filters by type and by a search over names, values and comments', () => {
    const find = (type: string, query: string) => labels(filterRRsets(sets, { type, query }));
    expect(find('AAAA', '')).toEqual(['b AAAA', 'www AAAA']);
    expect(find('', 'POOL')).toEqual(['www A']);
    expect(find('', 'mail.example')).toEqual(['@ MX']);
    expect(find('', 'www.example.com')).toEqual(['www A', 'www AAAA']);
    expect(find('MX', 'pool')).toEqual([]);
    expect(filterRRsets(sets, { type: '', query: '  ' })).toBe(sets);
  });

  it('keeps a pinned RRset visible whatever the search', () => {
    const kept = filterRRsets(sets, { type: '', query: 'nothing', keep: sets[0]!.key });
    expect(kept).toEqual([sets[0]]);
  });

  it('narrows the previous result as the search grows, and widens again from the whole list', () => {
    const typed = ['w', 'ww', 'www', 'www.', 'ww', '2', '20', ''];
    for (const query of typed) {
      expect(filterNarrowing(sets, { type: '', query })).toEqual(
        filterRRsets(sets, { type: '', query }),
      );
    }
    const once = filterNarrowing(sets, { type: 'A', query: 'www' });
    expect(filterNarrowing(sets, { type: 'A', query: 'www' })).toBe(once);
  });

  it('finds, in a matching RRset, only the values the search found', () => {
    const txt = [
      r('@', 'TXT', 'v=spf1 include:_spf.example.net ~all'),
      r('@', 'TXT', 'google-site-verification=abc'),
      r('@', 'TXT', 'v=spf1 ip4:192.0.2.0/24 -all'),
      r('@', 'TXT', 'MS=ms12345'),
      r('mail', 'TXT', 'v=spf1 -all', 'SPF1 for mail'),
      r('mail', 'TXT', 'other'),
    ];
    const list = addRecords(emptyRecordList(), txt, { zoneName: 'example.com', total: 6 }).sets;
    const shown = filterRRsets(list, { type: '', query: ' SPF1 ' });
    expect(labels(shown)).toEqual(['@ TXT', 'mail TXT']);
    const contents = (query: string) =>
      shown.map((s) => matchingValues(s, query).map((v) => v.content));
    // The apex shows its 4 values, 2 of them found; "mail"'s comment holds it: both values.
    expect(contents(' SPF1 ')).toEqual([
      ['v=spf1 include:_spf.example.net ~all', 'v=spf1 ip4:192.0.2.0/24 -all'],
      ['other', 'v=spf1 -all'],
    ]);
    expect(countMatching(shown, 'spf1')).toBe(4);
    expect([...matchingIds(shown, 'spf1')].sort()).toEqual(
      [
        '@TXTv=spf1 include:_spf.example.net ~all',
        '@TXTv=spf1 ip4:192.0.2.0/24 -all',
        'mailTXTother',
        'mailTXTv=spf1 -all',
      ].sort(),
    );
    // Without a search (a type filter alone), every value of the RRsets shown.
    expect(countMatching(shown, '')).toBe(6);
    // The RRset kept whatever the search has no match of its own.
    const kept = filterRRsets(list, { type: '', query: 'nowhere', keep: list[0]!.key });
    expect(countMatching(kept, 'nowhere')).toBe(0);
  });

  it('counts RRsets per type', () => {
    expect(Object.fromEntries(typeCounts(sets))).toEqual({ A: 1, AAAA: 2, MX: 1, TXT: 1 });
  });
});
