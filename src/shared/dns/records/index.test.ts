import { describe, expect, it } from 'vitest';
import {
  isRecordType,
  normalizeContent,
  parseRecordType,
  RECORD_SPECS,
  RECORD_TYPES,
  SINGLE_VALUE_TYPES,
} from './index';

describe('record type registry', () => {
  it('lists the 14 types of the spec, each with its own spec', () => {
    expect(RECORD_TYPES).toHaveLength(14);
    for (const type of RECORD_TYPES) expect(RECORD_SPECS[type].type).toBe(type);
  });

  it.each(RECORD_TYPES)('%s example is valid canonical content', (type) => {
    const spec = RECORD_SPECS[type];
    expect(normalizeContent(type, spec.example)).toEqual({ ok: true, value: spec.example });
    expect(spec.description).not.toBe('');
    expect(spec.expected).not.toBe('');
  });

  it('marks text and hex-digest types as long content (their raw text box shows three lines)', () => {
    expect(RECORD_TYPES.filter((t) => RECORD_SPECS[t].longContent)).toEqual([
      'TXT',
      'TLSA',
      'SSHFP',
    ]);
  });

  it('treats only CNAME and ALIAS as single-value', () => {
    expect([...SINGLE_VALUE_TYPES].sort()).toEqual(['ALIAS', 'CNAME']);
  });

  it('recognises types exactly, or in any case when parsing input', () => {
    expect(isRecordType('MX')).toBe(true);
    expect(isRecordType('mx')).toBe(false);
    expect(isRecordType('SOA')).toBe(false);
    expect(parseRecordType('mx')).toBe('MX');
    expect(parseRecordType(' Https ')).toBe('HTTPS');
    expect(parseRecordType('SOA')).toBeUndefined();
    expect(parseRecordType('')).toBeUndefined();
    expect(parseRecordType('toString')).toBeUndefined();
  });

  it.each(RECORD_TYPES)('%s rejects empty content with the expected shape', (type) => {
    expect(normalizeContent(type, ' \t ')).toEqual({
      ok: false,
      message: `Content is empty; ${/^[AHMNS]/.test(type) ? 'an' : 'a'} ${type} record needs ${RECORD_SPECS[type].expected}.`,
      expected: RECORD_SPECS[type].expected,
    });
  });
});
