// resolve() asked directly, table-driven: names that exist or not, empty non-terminals,
// wildcards (RFC 4592), delegations with glue, and the names it does not answer for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  loadZones,
  nodata,
  nxdomain,
  refused,
  summary,
  type LoadedZones,
  type Summary,
} from './resolve-fixture';

const Z = 'example.test';
let zones: LoadedZones;
beforeAll(async () => {
  zones = await loadZones(
    {
      [Z]: [
        ['www', 'A', '192.0.2.1'],
        ['www', 'AAAA', '2001:db8::1'],
        ['*.wild', 'A', '192.0.2.9'],
        ['real.wild', 'TXT', 'real'],
        ['*.wcname', 'CNAME', `www.${Z}.`],
        ['a.b.c', 'TXT', 'deep'],
        ['sub', 'NS', `ns1.sub.${Z}.`],
        ['sub', 'NS', 'ns.elsewhere.example.'],
        ['ns1.sub', 'A', '192.0.2.53'],
      ],
      'off.test': [['www', 'A', '203.0.113.1']],
    },
    ['off.test'],
  );
});
afterAll(() => zones.close());

const referral: Summary = {
  rcode: 'NOERROR',
  aa: false,
  answer: [],
  authority: [`sub.${Z} NS`],
  additional: [`ns1.sub.${Z} A`], // glue: the in-zone nameserver's address only
  denials: [`sub.${Z}: NS`], // with DO, the NSEC proving there is no DS
};

describe('resolve', () => {
  it.each<[string, string, string, Summary]>([
    ['an existing A', `www.${Z}`, 'A', answer(`www.${Z} A`)],
    ['the apex SOA', Z, 'SOA', answer(`${Z} SOA`)],
    ['NODATA at a name with other types', `www.${Z}`, 'MX', nodata(Z, `www.${Z}`, 'A AAAA')],
    ['NXDOMAIN below the apex', `nope.${Z}`, 'A', nxdomain(Z, `nope.${Z}`, `*.${Z}`)],
    [
      'NXDOMAIN two labels below the closest encloser',
      `x.nope.${Z}`,
      'A',
      nxdomain(Z, `nope.${Z}`, `*.${Z}`),
    ],
    ['NXDOMAIN below an existing name', `x.www.${Z}`, 'A', nxdomain(Z, `x.www.${Z}`, `*.www.${Z}`)],
    // Empty non-terminals exist, with no types.
    ['NODATA at an empty non-terminal', `c.${Z}`, 'A', nodata(Z, `c.${Z}`, '')],
    ['NODATA at a deeper one', `b.c.${Z}`, 'TXT', nodata(Z, `b.c.${Z}`, '')],
    ['NXDOMAIN beside one', `z.c.${Z}`, 'A', nxdomain(Z, `z.c.${Z}`, `*.c.${Z}`)],
    // Wildcards: a match proves with NSEC that the next closer name does not exist.
    [
      'a wildcard match',
      `x.wild.${Z}`,
      'A',
      { ...answer(`x.wild.${Z} A <*.wild.${Z}`), denials: [`covers x.wild.${Z}`] },
    ],
    [
      'a wildcard match two labels down',
      `deep.er.wild.${Z}`,
      'A',
      { ...answer(`deep.er.wild.${Z} A <*.wild.${Z}`), denials: [`covers er.wild.${Z}`] },
    ],
    [
      'NODATA from the wildcard',
      `x.wild.${Z}`,
      'MX',
      { ...nodata(Z, `*.wild.${Z}`, 'A'), denials: [`covers x.wild.${Z}`, `*.wild.${Z}: A`] },
    ],
    [
      'no wildcard for a name that exists',
      `real.wild.${Z}`,
      'A',
      nodata(Z, `real.wild.${Z}`, 'TXT'),
    ],
    [
      'nor below a name that exists',
      `z.real.wild.${Z}`,
      'A',
      nxdomain(Z, `z.real.wild.${Z}`, `*.real.wild.${Z}`),
    ],
    ['nor for its parent', `wild.${Z}`, 'A', nodata(Z, `wild.${Z}`, '')],
    [
      'a wildcard CNAME, followed',
      `foo.wcname.${Z}`,
      'A',
      {
        ...answer(`foo.wcname.${Z} CNAME <*.wcname.${Z}`, `www.${Z} A`),
        denials: [`covers foo.wcname.${Z}`],
      },
    ],
    // Delegations: a referral at and below the cut, whatever the type, except DS at the cut.
    ['a referral below the cut', `host.sub.${Z}`, 'A', referral],
    ['a referral far below the cut', `a.b.sub.${Z}`, 'TXT', referral],
    ['a referral at the cut', `sub.${Z}`, 'A', referral],
    ['a referral for NS at the cut', `sub.${Z}`, 'NS', referral],
    ['a referral for the glue itself', `ns1.sub.${Z}`, 'A', referral],
    ['DS at the cut, from the parent side', `sub.${Z}`, 'DS', nodata(Z, `sub.${Z}`, 'NS')],
    ['DS below the cut: a referral', `x.sub.${Z}`, 'DS', referral],
    // Names this server does not answer for.
    ['a name we do not host', 'www.elsewhere.example', 'A', refused],
    ['the parent of a hosted zone', 'test', 'SOA', refused],
    ['a disabled zone', 'www.off.test', 'A', refused],
  ])('%s: %s %s', (_what, name, type, expected) => {
    expect(summary(zones.ask(name, type))).toEqual(expected);
  });

  it('answers with the records of the node, or of the wildcard it matched', () => {
    const www = zones.ask(`www.${Z}`, 'A').answer[0]!;
    expect([...www.rrset.rdatas[0]!]).toEqual([192, 0, 2, 1]);
    expect(www.signer?.name).toBe(Z);
    const wild = zones.ask(`x.wild.${Z}`, 'A').answer[0]!;
    expect([...wild.rrset.rdatas[0]!]).toEqual([192, 0, 2, 9]);
    expect(zones.ask(`host.sub.${Z}`, 'A').authority[0]!.signer).toBeUndefined(); // never signed
  });
});
