// The writer's output for a zone with every type and awkward values is accepted by BIND's own
// named-checkzone. Never skipped: a machine without bind9-utils fails here, as CI must not pass blind.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeContent } from '../shared/dns/records/index';
import type { RecordType } from '../shared/dns/records/index';
import { contentKey, parseZoneFile, writeZoneFile } from '../shared/dns/zone-file/index';
import type { RRsetForFile } from '../shared/dns/zone-file/index';

const run = promisify(execFile);
const CHECKZONE = process.env.NAMED_CHECKZONE ?? '/usr/bin/named-checkzone';
const ZONE = 'example.com';
const dir = mkdtempSync(join(tmpdir(), 'zonedeck-zonefile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VALUES: [name: string, type: RecordType, contents: string[], disabled?: string][] = [
  ['@', 'NS', ['ns1.dns.example.net.', 'ns2.dns.example.net.']],
  ['@', 'A', ['192.0.2.1', '192.0.2.2'], '192.0.2.99'],
  ['@', 'AAAA', ['2001:db8::1']],
  ['@', 'MX', ['10 mx1.example.net.', '20 mx2.example.net.']],
  ['nullmx', 'MX', ['0 .']],
  ['www', 'CNAME', ['web.example.net.']],
  ['*.dev', 'A', ['198.51.100.7']],
  ['_sip._tcp', 'SRV', ['10 60 5060 sip.example.net.', '0 0 0 .']],
  ['4.2.0.192.in-addr', 'PTR', ['host.example.net.']],
  [
    '@',
    'TXT',
    ['v=spf1 include:_spf.example.net ~all', '"quote \\" backslash \\\\ semi ; paren ( )"'],
  ],
  [
    'long',
    'TXT',
    [`"${'a'.repeat(300)}"`, `unicode café ✓ ${'é'.repeat(200)}`, '"" "two" "strings"'],
  ],
  [
    '@',
    'CAA',
    [
      '0 issue "letsencrypt.org"',
      '128 iodef "mailto:security@example.com"',
      '0 issue "ca.example.net; account=123"',
    ],
  ],
  [
    '_443._tcp.www',
    'TLSA',
    ['3 1 1 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
  ],
  [
    'host',
    'SSHFP',
    [
      '4 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      '1 1 0123456789abcdef0123456789abcdef01234567',
    ],
  ],
  [
    '@',
    'HTTPS',
    [
      '1 . alpn=h2,h3 ipv4hint=192.0.2.1 ipv6hint=2001:db8::1 ech=AEX+DQBB',
      '2 svc.example.net. port=8443 mandatory=port key65000="semi;colon \\"quoted\\""',
    ],
  ],
  ['_dns', 'SVCB', ['1 dns.example.net. alpn=h2 dohpath=/dns-query{?dns}', '0 alias.example.net.']],
  ['apex-alias', 'ALIAS', ['lb.example.net.']],
];

function rrsets(): RRsetForFile[] {
  return VALUES.map(([name, type, contents, disabled]) => ({
    name: name === '@' ? `${ZONE}.` : `${name}.${ZONE}.`,
    type,
    ttl: 3600,
    comment: `${type} at ${name}; "quoted" (parens) café\nsecond line`,
    values: [
      ...contents.map((c) => {
        const n = normalizeContent(type, c);
        if (!n.ok) throw new Error(`${type} ${c}: ${n.message}`);
        return { content: n.value, disabled: false };
      }),
      ...(disabled ? [{ content: disabled, disabled: true }] : []),
    ],
  }));
}

describe('zone file writer against BIND', () => {
  const soa = {
    mname: 'ns1.dns.example.net.',
    rname: 'hostmaster.example.com.',
    serial: 2026112401,
    refresh: 7200,
    retry: 3600,
    expire: 1209600,
    minimum: 300,
  };
  const text = writeZoneFile({ origin: ZONE, ttl: 3600, soa, rrsets: rrsets() });

  it('named-checkzone accepts the export of a zone with every type', async () => {
    const file = join(dir, 'example.com.zone');
    writeFileSync(file, text);
    const { stdout } = await run(CHECKZONE, ['-k', 'fail', '-i', 'local', ZONE, file]).catch(
      (e: { stdout?: string; stderr?: string }) => {
        throw new Error(
          `named-checkzone refused the file:\n${e.stdout ?? ''}${e.stderr ?? ''}\n${text}`,
        );
      },
    );
    expect(stdout).toMatch(/loaded serial 2026112401\s+OK/);
  });

  it('reads back to the same values, the SOA noted and nothing else skipped', () => {
    const parsed = parseZoneFile(text, { origin: ZONE });
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped.map((s) => s.reason)).toEqual(['soa']);
    expect(parsed.skipped[0]?.soa).toEqual(soa);
    const want = rrsets().flatMap((s) =>
      s.values.map((v) => [s.name, s.type, s.ttl, contentKey(s.type, v.content), v.disabled]),
    );
    const got = parsed.entries.map((e) => [
      e.name,
      e.type,
      e.ttl,
      contentKey(e.type, e.content),
      e.disabled,
    ]);
    expect(got).toEqual(want);
  });
});
