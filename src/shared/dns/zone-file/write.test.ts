import { describe, expect, it } from 'vitest';
import { parseZoneFile, rrsetLines, writeZoneFile, zoneFileLines } from './index';
import type { RRsetForFile, ZoneForFile } from './index';

const ZONE = 'example.com';
const set = (
  name: string,
  type: RRsetForFile['type'],
  contents: string[],
  extra: Partial<RRsetForFile> = {},
): RRsetForFile => ({
  name,
  type,
  ttl: 300,
  values: contents.map((content) => ({ content, disabled: false })),
  ...extra,
});

describe('writeZoneFile', () => {
  const zone: ZoneForFile = {
    origin: 'Example.COM.',
    ttl: 3600,
    soa: {
      mname: 'ns1.example.net.',
      rname: 'hostmaster.example.com.',
      serial: 7,
      refresh: 7200,
      retry: 3600,
      expire: 1209600,
      minimum: 300,
    },
    rrsets: [
      set('example.com.', 'A', ['192.0.2.1']),
      set('www.example.com.', 'CNAME', ['example.com.']),
    ],
  };

  it('starts with $ORIGIN, $TTL and the SOA, then one line per value with names relative to the origin', () => {
    expect(writeZoneFile(zone)).toBe(
      [
        '$ORIGIN example.com.',
        '$TTL 3600',
        '@\t3600\tIN\tSOA\tns1.example.net. hostmaster.example.com. 7 7200 3600 1209600 300',
        '@\t300\tIN\tA\t192.0.2.1',
        'www\t300\tIN\tCNAME\texample.com.',
        '',
      ].join('\n'),
    );
  });

  it('streams the same text line by line, from any iterable of RRsets', () => {
    function* pages(): Generator<RRsetForFile> {
      yield* zone.rrsets;
    }
    expect([...zoneFileLines({ ...zone, rrsets: pages() })].map((l) => `${l}\n`).join('')).toBe(
      writeZoneFile(zone),
    );
  });

  it.each([
    [
      'a comment above the RRset',
      set('www.example.com.', 'A', ['192.0.2.1'], { comment: 'web front\nsecond line' }),
      ['; web front', '; second line', 'www\t300\tIN\tA\t192.0.2.1'],
    ],
    [
      'a comment that looks like our marker stays a comment',
      set('www.example.com.', 'A', ['192.0.2.1'], { comment: 'disabled: x' }),
      [';; disabled: x', 'www\t300\tIN\tA\t192.0.2.1'],
    ],
    [
      'disabled values commented out',
      {
        ...set('www.example.com.', 'A', ['192.0.2.1']),
        values: [
          { content: '192.0.2.1', disabled: false },
          { content: '192.0.2.9', disabled: true },
        ],
      },
      ['www\t300\tIN\tA\t192.0.2.1', '; disabled: www\t300\tIN\tA\t192.0.2.9'],
    ],
    [
      'ALIAS, unknown to BIND, as a marked comment',
      set('example.com.', 'ALIAS', ['lb.example.net.']),
      ['; alias: @\t300\tIN\tALIAS\tlb.example.net.'],
    ],
    [
      'TXT free text quoted',
      set('example.com.', 'TXT', ['v=spf1 -all']),
      ['@\t300\tIN\tTXT\t"v=spf1 -all"'],
    ],
    [
      'TXT non-ASCII as \\DDD, quotes escaped',
      set('t.example.com.', 'TXT', ['"café \\"x\\" \\\\"']),
      ['t\t300\tIN\tTXT\t"caf\\195\\169 \\"x\\" \\\\"'],
    ],
    [
      '";" outside quotes escaped',
      set('example.com.', 'HTTPS', ['1 . key65000=a;b']),
      ['@\t300\tIN\tHTTPS\t1 . key65000=a\\059b'],
    ],
    [
      'names outside the origin stay absolute',
      set('other.org.', 'A', ['192.0.2.1']),
      ['other.org.\t300\tIN\tA\t192.0.2.1'],
    ],
  ])('%s', (_, rrset, lines) => {
    expect(rrsetLines(rrset, ZONE)).toEqual(lines);
  });

  it('splits TXT over 255 bytes into quoted strings of at most 255 bytes, read back as one value', () => {
    const long = 'x'.repeat(600);
    const [line] = rrsetLines(set('t.example.com.', 'TXT', [long]), ZONE);
    expect(line?.match(/"x+"/g)?.map((s) => s.length - 2)).toEqual([255, 255, 90]);
    const parsed = parseZoneFile(`${line ?? ''}\n`, { origin: ZONE });
    expect(parsed.entries[0]?.content.replace(/[" ]/g, '')).toBe(long);
  });
});
