import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_MAX_CHARS, RRSET_MAX_BYTES, VALUE_MAX_BYTES } from './size';
import { normalizeContent, type RecordType } from './index';

/** A TXT value of exactly `bytes` RDATA octets: strings of 255 (256 with the length) and a rest. */
function txtOfBytes(bytes: number): string {
  const full = Math.floor(bytes / 256);
  const rest = bytes - full * 256;
  const strings = Array.from({ length: full }, () => 'x'.repeat(255));
  if (rest > 0) strings.push('y'.repeat(rest - 1));
  return strings.map((s) => `"${s}"`).join(' ');
}

describe('the size budget', () => {
  it('leaves room in a 65,535-octet message for header, question, OPT and one RRSIG', () => {
    expect(RRSET_MAX_BYTES).toBe(65_535 - 12 - 259 - 11 - 602);
    expect(VALUE_MAX_BYTES).toBe(RRSET_MAX_BYTES - 255 - 10);
    expect(VALUE_MAX_BYTES).toBeLessThan(65_535);
  });
});

describe('one value at most VALUE_MAX_BYTES of RDATA', () => {
  const cases: [RecordType, (bytes: number) => string][] = [
    ['TXT', txtOfBytes],
    ['TLSA', (bytes) => `3 1 0 ${'ab'.repeat(bytes - 3)}`],
    ['CAA', (bytes) => `0 issuewild "${'a'.repeat(bytes - 2 - 'issuewild'.length)}"`],
    ['HTTPS', (bytes) => `1 . key999=${'v'.repeat(bytes - 2 - 1 - 4)}`],
  ];

  it.each(cases)(
    '%s: the largest value passes, one byte more is refused with max_bytes',
    (type, make) => {
      expect(normalizeContent(type, make(VALUE_MAX_BYTES)).ok).toBe(true);
      const over = normalizeContent(type, make(VALUE_MAX_BYTES + 1));
      expect(over).toMatchObject({ ok: false, details: { max_bytes: VALUE_MAX_BYTES } });
      if (!over.ok) {
        expect(over.message).toContain(`${VALUE_MAX_BYTES + 1} bytes`);
        expect(over.message).toContain(`at most ${VALUE_MAX_BYTES}`);
      }
    },
  );

  it('counts UTF-8 bytes, not characters', () => {
    const euros = '€'.repeat(Math.floor(VALUE_MAX_BYTES / 3)); // 3 bytes each, split in pieces
    expect(normalizeContent('TXT', euros)).toMatchObject({ ok: false });
  });
});

describe('the length check before parsing', () => {
  it.each([
    ['TXT', 'a'.repeat(CONTENT_MAX_CHARS + 1)],
    ['TXT', 'a'.repeat(1024 * 1024)],
    ['TLSA', `3 1 0 ${'a'.repeat(1024 * 1024)}`],
    ['A', ' '.repeat(CONTENT_MAX_CHARS) + '192.0.2.1'],
  ] as const)('refuses %s content of %# with the limit and the length', (type, content) => {
    const r = normalizeContent(type, content);
    expect(r).toMatchObject({ ok: false, details: { max_bytes: VALUE_MAX_BYTES } });
    if (!r.ok) expect(r.message).toContain(`${content.length} characters`);
  });

  it('never throws, whatever the size of the junk', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RecordType>('TXT', 'CAA', 'TLSA', 'SSHFP', 'HTTPS', 'SVCB'),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 0, max: 3 * CONTENT_MAX_CHARS }),
        (type, unit, repeat) => {
          const r = normalizeContent(
            type,
            unit.repeat(Math.min(repeat, 300_000 / Math.max(1, unit.length))),
          );
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 60 },
    );
  });
});
