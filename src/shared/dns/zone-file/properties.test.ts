import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeContent, RECORD_SPECS, RECORD_TYPES } from '../records/index';
import type { RecordType, RecordTypeSpec } from '../records/index';
import { codePoints, dnsJunk, FIELD_ARBITRARIES } from '../testing/arbitraries';
import { contentKey, parseZoneFile, writeZoneFile } from './index';
import type { RRsetForFile } from './index';

const ZONE = 'example.com';

const label = fc.stringMatching(/^[a-z0-9_][a-z0-9_-]{0,14}$/);
const ownerName = fc.oneof(
  fc.constant(`${ZONE}.`),
  fc
    .tuple(fc.boolean(), fc.array(label, { minLength: 1, maxLength: 3 }))
    .map(([wild, labels]) => `${[...(wild ? ['*'] : []), ...labels].join('.')}.${ZONE}.`),
);

/** Canonical content of a valid value of `type`, as the store holds it. */
function contentOf(type: RecordType): fc.Arbitrary<string> {
  const spec = RECORD_SPECS[type] as RecordTypeSpec<unknown>;
  return (FIELD_ARBITRARIES[type] as fc.Arbitrary<unknown>)
    .map((fields) => normalizeContent(type, spec.format(fields)))
    .filter((r) => r.ok)
    .map((r) => (r.ok ? r.value : ''));
}

const rrset: fc.Arbitrary<RRsetForFile> = fc.constantFrom(...RECORD_TYPES).chain((type) =>
  fc.record({
    name: ownerName,
    type: fc.constant(type),
    ttl: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    comment: fc.option(codePoints, { nil: undefined }),
    values: fc.array(fc.record({ content: contentOf(type), disabled: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
);

const key = (
  name: string,
  type: RecordType,
  ttl: number | undefined,
  content: string,
  disabled: boolean,
): string => JSON.stringify([name, type, ttl, contentKey(type, content), disabled]);

describe('zone file properties', () => {
  it('write then parse gives back every value of any set of RRsets', () => {
    fc.assert(
      fc.property(
        fc.array(rrset, { maxLength: 8 }),
        fc.integer({ min: 0, max: 86400 }),
        (rrsets, ttl) => {
          const text = writeZoneFile({ origin: ZONE, ttl, rrsets });
          const parsed = parseZoneFile(text, { origin: ZONE });
          expect(parsed.errors).toEqual([]);
          expect(parsed.skipped).toEqual([]);
          const want = rrsets.flatMap((s) =>
            s.values.map((v) => key(s.name, s.type, s.ttl, v.content, v.disabled)),
          );
          const got = parsed.entries.map((e) => key(e.name, e.type, e.ttl, e.content, e.disabled));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on junk, and every error and skip has a line number inside the file', () => {
    const piece = fc.oneof(
      dnsJunk,
      codePoints,
      fc.constantFrom(
        '$ORIGIN ',
        '$TTL ',
        '$INCLUDE x',
        ' IN ',
        ' A ',
        ' TXT ',
        '(',
        ')',
        '\n',
        '\\#',
        ' TYPE1 ',
        '; disabled: ',
        '"',
        '@',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }).map((p) => p.join('')),
        (text) => {
          const parsed = parseZoneFile(text, { origin: ZONE });
          const lines = text.split('\n').length;
          for (const item of [...parsed.errors, ...parsed.skipped, ...parsed.entries]) {
            expect(item.line).toBeGreaterThanOrEqual(1);
            expect(item.line).toBeLessThanOrEqual(lines);
          }
          for (const e of parsed.errors) expect(e.message.length).toBeGreaterThan(0);
          expect(
            parsed.errors.some((e) => e.message.startsWith('The file could not be read')),
          ).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
