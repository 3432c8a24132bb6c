// The structured sub-fields: content → fields → content gives the canonical content back, for
// every structured type (examples and generated valid fields), and problems find their sub-field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizeContent,
  RECORD_SPECS,
  RECORD_TYPES,
  type RecordType,
} from '../../../shared/dns/records';
import { dnsJunk, FIELD_ARBITRARIES } from '../../../shared/dns/testing/arbitraries';
import {
  assemble,
  disassemble,
  emptyStructured,
  isStructured,
  partOfError,
  partsOf,
} from './structured';

const TYPES = RECORD_TYPES.filter(isStructured);

const EXAMPLES: Record<string, string[]> = {
  MX: ['10 mail.example.com.', '0 .', '65535 MX1.Example.COM'],
  SRV: ['10 60 5060 sip.example.com.', '0 0 0 .', '1 2 443 _x.example.net'],
  CAA: [
    '0 issue "letsencrypt.org"',
    '128 issuewild ";"',
    '0 iodef "mailto:security@example.com"',
    '0 ISSUE "ca.example.net; account=123"',
    '0 tbs "a \\"quoted\\" value"',
  ],
  TLSA: [`3 1 1 ${'AB'.repeat(32)}`, `0 0 2 ${'cd'.repeat(64)}`, '2 0 0 0102'],
  SSHFP: [`4 2 ${'12'.repeat(32)}`, `1 1 ${'ef'.repeat(20)}`],
  HTTPS: [
    '1 . alpn=h2,h3',
    '0 svc.example.net.',
    '2 . alpn=h3 no-default-alpn port=8443 ipv6hint=2001:DB8::1',
  ],
  SVCB: [
    '1 svc.example.net. alpn=h2 port=8443',
    '3 . dohpath=/dns-query{?dns} alpn=h2 mandatory=alpn',
  ],
};

describe.each(TYPES)('%s sub-fields', (type) => {
  it('covers the example of the registry and those above', () => {
    for (const content of [RECORD_SPECS[type].example, ...(EXAMPLES[type] ?? [])]) {
      const canonical = normalizeContent(type, content);
      if (!canonical.ok) throw new Error(`${content}: ${canonical.message}`);
      const s = disassemble(type, content);
      expect(s, content).not.toBeNull();
      expect(assemble(type, s!)).toBe(canonical.value);
    }
  });

  it('round-trips generated valid fields: fields → content → sub-fields → the same content', () => {
    fc.assert(
      fc.property(FIELD_ARBITRARIES[type] as fc.Arbitrary<unknown>, (fields) => {
        const spec = RECORD_SPECS[type] as { format: (f: unknown) => string };
        const content = spec.format(fields);
        const s = disassemble(type, content);
        expect(s).not.toBeNull();
        expect(assemble(type, s!)).toBe(content);
      }),
      { numRuns: 200 },
    );
  });

  it('is stable: sub-fields → content → sub-fields gives the same sub-fields', () => {
    fc.assert(
      fc.property(FIELD_ARBITRARIES[type] as fc.Arbitrary<unknown>, (fields) => {
        const spec = RECORD_SPECS[type] as { format: (f: unknown) => string };
        const first = disassemble(type, spec.format(fields))!;
        const again = disassemble(type, assemble(type, first));
        expect(again).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on junk sub-fields or content, and junk content gets no sub-fields', () => {
    const keys = partsOf(type)!.map((d) => d.key);
    const row = fc.record({
      key: fc.oneof(fc.constantFrom('alpn', 'port', ''), dnsJunk),
      value: dnsJunk,
    });
    fc.assert(
      fc.property(
        fc.tuple(...keys.map(() => fc.oneof(dnsJunk, fc.string()))),
        fc.array(row, { maxLength: 3 }),
        dnsJunk,
        (values, params, content) => {
          const parts = Object.fromEntries(keys.map((k, i) => [k, values[i] ?? '']));
          expect(typeof assemble(type, { parts, params })).toBe('string');
          const s = disassemble(type, content);
          if (s) expect(normalizeContent(type, content).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('starts from empty sub-fields that do not make valid content by themselves', () => {
    const s = emptyStructured(type);
    for (const d of partsOf(type)!) expect(s.parts).toHaveProperty(d.key);
    // An empty CAA issue value is valid (no CA may issue, RFC 8659 section 4.2); the form asks
    // for ";" instead (record-form-schema.test.ts), the API takes both.
    if (type === 'CAA') expect(assemble(type, s)).toBe('0 issue ""');
    else expect(normalizeContent(type, assemble(type, s)).ok).toBe(false);
  });

  it('gives content that does not parse no sub-fields', () => {
    expect(disassemble(type, 'junk')).toBeNull();
  });
});

describe('emptyStructured', () => {
  it('starts new records from the usual choices', () => {
    expect(emptyStructured('CAA').parts).toEqual({ flags: '0', tag: 'issue', value: '' });
    expect(emptyStructured('TLSA').parts).toEqual({
      usage: '3',
      selector: '1',
      matchingType: '1',
      data: '',
    });
    expect(emptyStructured('SSHFP').parts).toEqual({
      algorithm: '4',
      fingerprintType: '2',
      fingerprint: '',
    });
    expect(emptyStructured('MX')).toEqual({ parts: { priority: '', host: '' }, params: [] });
  });

  it('gives types without sub-fields none', () => {
    for (const type of RECORD_TYPES.filter((t) => !isStructured(t)))
      expect(emptyStructured(type)).toEqual({ parts: {}, params: [] });
  });
});

describe('assemble', () => {
  it('keeps a CAA value exactly as typed, surrounding spaces included', () => {
    const content = assemble('CAA', {
      parts: { flags: '0', tag: ' tbs ', value: ' x ' },
      params: [],
    });
    expect(content).toBe('0 tbs " x "');
  });

  it('passes a number that is not one on as typed, so that parse names it', () => {
    const content = assemble('MX', {
      parts: { priority: 'ten', host: 'mail.example.com' },
      params: [],
    });
    const r = normalizeContent('MX', content);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/MX priority/);
      expect(partOfError('MX', r)).toBe('priority');
    }
  });

  it('quotes a CAA value with quotes and spaces', () => {
    const content = assemble('CAA', {
      parts: { flags: '0', tag: 'tbs', value: 'say "hi" now' },
      params: [],
    });
    expect(content).toBe('0 tbs "say \\"hi\\" now"');
    expect(disassemble('CAA', content)?.parts.value).toBe('say "hi" now');
  });

  it('sorts SvcParams into key order and drops empty rows', () => {
    const content = assemble('HTTPS', {
      parts: { priority: '1', target: '.' },
      params: [
        { key: 'port', value: '443' },
        { key: 'alpn', value: 'h2' },
        { key: '', value: '' },
      ],
    });
    expect(content).toBe('1 . alpn=h2 port=443');
  });
});

describe('partOfError', () => {
  it.each<[RecordType, string, string | null]>([
    ['SRV', '10 60 99999 sip.example.com.', 'port'],
    ['SRV', '10 60 5060 192.0.2.1', 'target'],
    ['TLSA', '3 1 1 abcd', 'data'],
    ['TLSA', '9 1 1 abcd', 'usage'],
    ['SSHFP', '5 2 abcd', 'algorithm'],
    ['SSHFP', '4 2 abcd', 'fingerprint'],
    ['CAA', '0 issue "not a domain!"', 'value'],
    ['HTTPS', '1 . bogus=1', 'params'],
    ['HTTPS', '0 . alpn=h2', 'priority'],
    ['MX', '10', null],
  ])('%s %s → %s', (type, content, part) => {
    const r = normalizeContent(type, content);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(partOfError(type, r)).toBe(part);
  });
});
