// resolve() asked directly, table-driven: what one answer gathers from other names and zones
// (CNAME chains and loops, ALIAS, the addresses of MX hosts) and the zones it depends on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameAt } from './additional';
import {
  answer,
  loadZones,
  nodata,
  nxdomain,
  summary,
  type LoadedZones,
  type Summary,
} from './resolve-fixture';

const Z = 'example.test';
const O = 'other.test';
let zones: LoadedZones;
beforeAll(async () => {
  zones = await loadZones(
    {
      [Z]: [
        ['@', 'MX', `10 mail.${Z}.`],
        ['@', 'MX', `20 x.wild.${Z}.`], // a wildcard's address: not added
        ['@', 'MX', `30 a.${Z}.`], // a CNAME: not followed for additional data
        ['@', 'MX', `40 www.${O}.`],
        ['@', 'MX', '50 mx.elsewhere.example.'],
        ['mail', 'A', '192.0.2.25'],
        ['www', 'A', '192.0.2.1'],
        ['*.wild', 'A', '192.0.2.9'],
        ['a', 'CNAME', `b.${Z}.`],
        ['b', 'CNAME', `www.${Z}.`],
        ['loop1', 'CNAME', `loop2.${Z}.`],
        ['loop2', 'CNAME', `loop1.${Z}.`],
        ['ext', 'CNAME', `www.${O}.`],
        ['dangling', 'CNAME', `gone.${Z}.`],
        ['out', 'CNAME', 'host.elsewhere.example.'],
        ['across', 'CNAME', `back.${O}.`],
        ['app', 'ALIAS', `www.${O}.`],
        ['via', 'ALIAS', `a.${Z}.`],
        ['nowhere', 'ALIAS', 'host.elsewhere.example.'],
        ['aloop1', 'ALIAS', `aloop2.${Z}.`],
        ['aloop2', 'ALIAS', `aloop1.${Z}.`],
        ['alias2', 'ALIAS', `app.${Z}.`],
        ['toff', 'CNAME', 'www.off.test.'],
        ['aoff', 'ALIAS', 'www.off.test.'],
        ...Array.from({ length: 10 }, (_, i): [string, string, string] => [
          `c${i}`,
          'CNAME',
          `c${i + 1}.${Z}.`,
        ]),
        ['c10', 'A', '192.0.2.10'],
      ],
      [O]: [
        ['www', 'A', '198.51.100.1'],
        ['www', 'AAAA', '2001:db8::100:1'],
        ['back', 'CNAME', `across.${Z}.`],
      ],
      'off.test': [['www', 'A', '203.0.113.1']],
    },
    ['off.test'],
  );
});
afterAll(() => zones.close());

describe('resolve across names and zones', () => {
  it.each<[string, string, string, Summary]>([
    // CNAME chains; the rcode is that of the chain's last name (RFC 6604).
    [
      'a chain inside the zone',
      `a.${Z}`,
      'A',
      answer(`a.${Z} CNAME`, `b.${Z} CNAME`, `www.${Z} A`),
    ],
    ['the CNAME itself when asked for', `a.${Z}`, 'CNAME', answer(`a.${Z} CNAME`)],
    ['a chain into another zone', `ext.${Z}`, 'A', answer(`ext.${Z} CNAME`, `www.${O} A`)],
    ['a chain out of our zones', `out.${Z}`, 'A', answer(`out.${Z} CNAME`)],
    [
      'a loop, cut where it repeats',
      `loop1.${Z}`,
      'A',
      answer(`loop1.${Z} CNAME`, `loop2.${Z} CNAME`),
    ],
    ['a loop across zones', `across.${Z}`, 'A', answer(`across.${Z} CNAME`, `back.${O} CNAME`)],
    [
      'a chain longer than followed: nine links',
      `c0.${Z}`,
      'A',
      answer(...Array.from({ length: 9 }, (_, i) => `c${i}.${Z} CNAME`)),
    ],
    [
      'a chain to a missing name',
      `dangling.${Z}`,
      'A',
      { ...nxdomain(Z, `gone.${Z}`, `*.${Z}`), answer: [`dangling.${Z} CNAME`] },
    ],
    [
      'a chain to NODATA in another zone',
      `ext.${Z}`,
      'TXT',
      { ...nodata(O, `www.${O}`, 'A AAAA'), answer: [`ext.${Z} CNAME`] },
    ],
    // ALIAS: the target's addresses under the alias name; NODATA lists them when they resolve.
    ['an ALIAS A from another zone', `app.${Z}`, 'A', answer(`app.${Z} A`)],
    ['an ALIAS AAAA from another zone', `app.${Z}`, 'AAAA', answer(`app.${Z} AAAA`)],
    ['an ALIAS through a CNAME chain', `via.${Z}`, 'A', answer(`via.${Z} A`)],
    ['NODATA at an ALIAS', `app.${Z}`, 'TXT', nodata(Z, `app.${Z}`, 'A AAAA')],
    ['an ALIAS to a name we do not serve', `nowhere.${Z}`, 'A', nodata(Z, `nowhere.${Z}`, '')],
    ['an ALIAS to an ALIAS', `alias2.${Z}`, 'A', answer(`alias2.${Z} A`)],
    // Followed until the chain is too long, then NODATA (it overflowed the stack before).
    ['a loop of ALIASes', `aloop1.${Z}`, 'A', nodata(Z, `aloop1.${Z}`, '')],
    ['NODATA at a loop of ALIASes', `aloop1.${Z}`, 'TXT', nodata(Z, `aloop1.${Z}`, '')],
    // A zone switched off is not followed into.
    ['a chain into a disabled zone', `toff.${Z}`, 'A', answer(`toff.${Z} CNAME`)],
    ['an ALIAS into a disabled zone', `aoff.${Z}`, 'A', nodata(Z, `aoff.${Z}`, '')],
    // Additional data: the addresses that exist at the hosts named, in any zone we serve.
    [
      'MX',
      Z,
      'MX',
      { ...answer(`${Z} MX`), additional: [`mail.${Z} A`, `www.${O} A`, `www.${O} AAAA`] },
    ],
  ])('%s: %s %s', (_what, name, type, expected) => {
    expect(summary(zones.ask(name, type))).toEqual(expected);
  });

  it('answers an ALIAS with the target data under the alias name, signed by its own zone', () => {
    const [a] = zones.ask(`app.${Z}`, 'A').answer;
    expect([...a!.rrset.rdatas[0]!]).toEqual([198, 51, 100, 1]);
    expect(a!.signer?.name).toBe(Z);
  });

  it('answers a chain with the targets it names', () => {
    const chain = zones.ask(`a.${Z}`, 'A').answer;
    const targets = chain.slice(0, 2).map((s) => nameAt(s.rrset.rdatas[0]!, 0));
    expect(targets).toEqual([`b.${Z}`, `www.${Z}`]);
    expect(chain.map((s) => s.signer?.name)).toEqual([Z, Z, Z]);
  });

  it.each([
    [`www.${Z}`, 'A', [Z]],
    [`ext.${Z}`, 'A', [Z, O]],
    [`across.${Z}`, 'A', [Z, O]],
    [`app.${Z}`, 'A', [Z, O]],
    [`app.${Z}`, 'TXT', [Z, O]], // the NSEC bitmap depends on the target
    [Z, 'MX', [Z, O]], // the additional addresses
    [`toff.${Z}`, 'A', [Z, 'off.test']], // switched on, it changes the answer
    [`aoff.${Z}`, 'A', [Z, 'off.test']],
    [`aoff.${Z}`, 'TXT', [Z, 'off.test']],
    ['www.elsewhere.example', 'A', []],
  ])('keeps as deps of %s %s every zone its answer used', (name, type, deps) => {
    expect(zones.ask(name, type).deps.map((z) => z.name)).toEqual(deps);
  });
});
