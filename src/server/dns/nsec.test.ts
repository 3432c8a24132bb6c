// Minimally covering NSEC (RFC 4470): the canonical-order neighbours of a name (names.ts) and
// the NSEC records built from them (signer.ts). The range (predecessor, successor) must hold the
// denied name and its subtree, and no other name the zone could hold (RFC 4034 6.1 ordering).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameAt } from './additional';
import { charOfOctet, LABEL_DOT, octetAt, parentOf, predecessorOf, successorOf } from './names';
import { TYPE } from './rdata';
import { loadZones, type LoadedZones } from './resolve-fixture';
import { nsecFor } from './signer';

/** RFC 4034 6.1: labels compared from the right, as octets with ASCII letters lower-cased. */
function canonicalCompare(a: string, b: string): number {
  const la = a.split('.').reverse();
  const lb = b.split('.').reverse();
  for (let i = 0; i < Math.min(la.length, lb.length); i++) {
    const x = la[i]!;
    const y = lb[i]!;
    for (let j = 0; j < Math.min(x.length, y.length); j++) {
      const d = lower(octetAt(x, j)) - lower(octetAt(y, j));
      if (d) return d;
    }
    if (x.length !== y.length) return x.length - y.length;
  }
  return la.length - lb.length;
}
const lower = (o: number) => (o >= 0x41 && o <= 0x5a ? o + 0x20 : o);

const Z = 'example.test';
const a63 = 'a'.repeat(63);
const ff = '\xff';

describe('successorOf', () => {
  it.each([
    ['a name: its first label with a \\x00 octet added', `www.${Z}`, `www\x00.${Z}`],
    ['a one-octet label', `a.${Z}`, `a\x00.${Z}`],
    ['a full label: its last octet raised', `${a63}.${Z}`, `${'a'.repeat(62)}b.${Z}`],
    [
      'trailing \\xff octets dropped first',
      `${'a'.repeat(61)}${ff}${ff}.${Z}`,
      `${'a'.repeat(60)}b.${Z}`,
    ],
    ['upper-case octets skipped', `${'a'.repeat(62)}@.${Z}`, `${'a'.repeat(62)}[.${Z}`],
    [
      'a raised octet that is a dot',
      `${'a'.repeat(62)}-.${Z}`,
      `${'a'.repeat(62)}${LABEL_DOT}.${Z}`,
    ],
    ['63 \\xff octets: nothing sorts after it', `${ff.repeat(63)}.${Z}`, `${ff.repeat(63)}.${Z}`],
  ])('%s', (_what, name, expected) => {
    expect(successorOf(name)).toBe(expected);
  });
});

describe('predecessorOf', () => {
  it.each([
    ['a name: its last octet lowered, then \\xff', `b.${Z}`, `a${ff}.${Z}`],
    ['a longer label', `www.${Z}`, `wwv${ff}.${Z}`],
    ['upper-case octets skipped', `[.${Z}`, `@${ff}.${Z}`],
    ['a lowered octet that is a dot', `/.${Z}`, `${LABEL_DOT}${ff}.${Z}`],
    [
      'a full label: a \\xff child of the lowered label',
      `${a63}.${Z}`,
      `${ff}.${'a'.repeat(62)}\`.${Z}`,
    ],
    ['a label ending in \\x00: a last child of the shorter label', `a\x00.${Z}`, `${ff}.a.${Z}`],
    ['a lone \\x00 label: none (the parent itself)', `\x00.www.${Z}`, null],
  ])('%s', (_what, name, expected) => {
    expect(predecessorOf(name)).toBe(expected);
  });
});

describe('the range (predecessor, successor) of a denied name', () => {
  // A name asked: any octet but upper case (the server lower-cases), a dot being LABEL_DOT.
  const askedLabel = fc
    .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 63 })
    .filter((octets) => octets.every((o) => o < 0x41 || o > 0x5a))
    .map((octets) => octets.map(charOfOctet).join(''));
  // A name the zone may hold: letters, digits, '-', '_' and '*' (the API's rule).
  const storedLabel = fc.stringMatching(/^[a-z0-9_*-]{1,63}$/);
  const under = (labels: string[]) => [...labels, Z].join('.');

  it('holds the name and its subtree, and no name the zone could hold', () => {
    fc.assert(
      fc.property(
        fc.array(askedLabel, { minLength: 1, maxLength: 3 }),
        fc.array(storedLabel, { minLength: 1, maxLength: 3 }),
        storedLabel,
        (asked, stored, child) => {
          const n = under(asked);
          // The one name with nothing after it at its level (see successorOf): no range to test.
          fc.pre(asked[0] !== ff.repeat(63));
          const low = predecessorOf(n) ?? parentOf(n);
          const high = successorOf(n);
          expect(canonicalCompare(low, n)).toBeLessThan(0);
          expect(canonicalCompare(n, high)).toBeLessThan(0);
          expect(canonicalCompare(`${child}.${n}`, high)).toBeLessThan(0);
          const m = under(stored);
          if (m === n || m.endsWith(`.${n}`)) return;
          const inside = canonicalCompare(low, m) < 0 && canonicalCompare(m, high) < 0;
          expect({ n, m, low, high, inside }).toEqual({ n, m, low, high, inside: false });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('nsecFor', () => {
  let zones: LoadedZones;
  beforeAll(async () => {
    zones = await loadZones({
      [Z]: [
        ['www', 'A', '192.0.2.1'],
        ['www', 'TXT', 'hello'],
      ],
    });
  });
  afterAll(() => zones.close());

  /** The NSEC as owner, next name, types (decoded from the bitmap), TTL. */
  function nsec(denial: Parameters<typeof nsecFor>[0], soaTtl = 3600) {
    const { owner, rrset } = nsecFor(denial, soaTtl);
    const rdata = rrset.rdatas[0]!;
    const next = nameAt(rdata, 0);
    let at = next.length + 2;
    const types: number[] = [];
    while (at < rdata.length) {
      const [window, len] = [rdata[at]!, rdata[at + 1]!];
      for (let i = 0; i < len * 8; i++) {
        if (rdata[at + 2 + (i >> 3)]! & (0x80 >> (i & 7))) types.push(window * 256 + i);
      }
      at += 2 + len;
    }
    return { owner, next, types, ttl: rrset.ttl, type: rrset.type };
  }

  it('at a name that exists: its types, and the next name right after it', () => {
    const zone = zones.views.findZone(Z)!;
    expect(nsec({ zone, owner: `www.${Z}`, types: [TYPE.A!, TYPE.TXT!] })).toEqual({
      owner: `www.${Z}`,
      next: `\x00.www.${Z}`,
      types: [TYPE.A, TYPE.TXT, TYPE.RRSIG, TYPE.NSEC],
      ttl: 300, // RFC 9077: the negative TTL
      type: TYPE.NSEC,
    });
  });

  it('covering a missing name: from just before it to just after its subtree', () => {
    const zone = zones.views.findZone(Z)!;
    expect(nsec({ zone, covers: `nope.${Z}` }, 120)).toEqual({
      owner: `nopd${ff}.${Z}`,
      next: `nope\x00.${Z}`,
      types: [TYPE.RRSIG, TYPE.NSEC],
      ttl: 120,
      type: TYPE.NSEC,
    });
  });

  it('starting at an existing parent: the parent with its real types', () => {
    const zone = zones.views.findZone(Z)!;
    expect(nsec({ zone, covers: `\x00.www.${Z}` })).toEqual({
      owner: `www.${Z}`,
      next: `\x00\x00.www.${Z}`,
      types: [TYPE.A, TYPE.TXT, TYPE.RRSIG, TYPE.NSEC],
      ttl: 300,
      type: TYPE.NSEC,
    });
  });
});
