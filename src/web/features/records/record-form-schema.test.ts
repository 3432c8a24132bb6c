// The record form's rules that are the form's own: a name typed in full means that name, and a CAA
// value left empty is refused with what to write instead.
import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../api/records';
import { testRecord } from '../../test/records';
import {
  nameAsMeant,
  newRecordDefaults,
  recordFormSchema,
  type RecordFormValues,
} from './record-form-schema';

const zoneName = 'example.com';
const schema = (editing: DnsRecord | null = null) =>
  recordFormSchema({ zoneName, records: editing ? [editing] : [], editing });

function parsed(values: Partial<RecordFormValues>, editing: DnsRecord | null = null) {
  const input = { ...newRecordDefaults(values.type ?? 'A', 3600), ...values };
  return schema(editing).safeParse(input);
}

const a = (name: string) => ({
  name,
  type: 'A' as const,
  mode: 'raw' as const,
  content: '192.0.2.1',
});

describe('nameAsMeant', () => {
  it.each([
    ['www', 'www'],
    ['www.example.com', 'www.example.com.'],
    ['WWW.Example.COM', 'WWW.Example.COM.'],
    ['example.com', 'example.com.'],
    ['www.example.com.', 'www.example.com.'],
    ['www.example.com.example.com', 'www.example.com.example.com.'],
    ['wwwexample.com', 'wwwexample.com'],
    ['www.example.co', 'www.example.co'],
    ['  www.example.com ', 'www.example.com.'],
    ['@', '@'],
    ['*.example.com', '*.example.com.'],
  ])('reads %j in example.com as %j', (typed, meant) => {
    expect(nameAsMeant(typed, zoneName)).toBe(meant);
    expect(nameAsMeant(typed, `${zoneName}.`)).toBe(meant);
  });

  it.each([
    ['www.bücher.example', 'www.bücher.example.'],
    ['www.xn--bcher-kva.example', 'www.xn--bcher-kva.example.'],
    ['www。xn--bcher-kva。example', 'www。xn--bcher-kva。example.'],
    ['www.bücher', 'www.bücher'],
  ])('reads %j in the IDN zone xn--bcher-kva.example as %j', (typed, meant) => {
    expect(nameAsMeant(typed, 'xn--bcher-kva.example')).toBe(meant);
  });
});

describe('record form names', () => {
  it.each([
    ['www2', 'www2.example.com.', 'www2'],
    ['www2.example.com', 'www2.example.com.', 'www2'],
    ['Example.COM', 'example.com.', '@'],
    ['www2.example.com.example.com.', 'www2.example.com.example.com.', 'www2.example.com'],
    ['www2.example.com.example.com', 'www2.example.com.example.com.', 'www2.example.com'],
  ])('a new record named %j is %s', (typed, fqdn, relative) => {
    const r = parsed(a(typed));
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data).toMatchObject({ name: fqdn, relative });
  });

  it('saves a full Unicode name in an IDN zone as that name', () => {
    const r = recordFormSchema({
      zoneName: 'xn--bcher-kva.example',
      records: [],
      editing: null,
    }).safeParse({ ...newRecordDefaults('A', 3600), ...a('www.bücher.example') });
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data).toMatchObject({ name: 'www.xn--bcher-kva.example.', relative: 'www' });
  });

  it('keeps the name of a record being edited, even one that ends in the zone name', () => {
    const record = testRecord(1, {
      name: 'www2.example.com.example.com.',
      type: 'A',
      content: '192.0.2.1',
    });
    const r = parsed({ ...a('www2.example.com'), content: '192.0.2.2' }, record);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data?.name).toBe('www2.example.com.example.com.');
  });
});

describe('record form CAA value', () => {
  it('refuses an empty value beside its field, saying how to forbid every CA', () => {
    const r = parsed({ type: 'CAA', parts: { flags: '0', tag: 'issue', value: '' }, name: '@' });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.join('.') === 'parts.value');
    expect(issue?.message).toMatch(/letsencrypt\.org/);
    expect(issue?.message).toMatch(/";" to let no CA issue/);
  });

  it('lets an existing record keep its empty value when only its TTL changes', () => {
    const record = testRecord(1, { name: 'example.com.', type: 'CAA', content: '0 issue ""' });
    const r = parsed(
      { type: 'CAA', parts: { flags: '0', tag: 'issue', value: '' }, name: '@', ttl: 600 },
      record,
    );
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data).toMatchObject({ content: '0 issue ""', ttl: 600 });
  });

  it('takes ";" as the way to let no CA issue', () => {
    const r = parsed({ type: 'CAA', parts: { flags: '0', tag: 'issue', value: ';' }, name: '@' });
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data?.content).toBe('0 issue ";"');
  });
});

describe('record form host names in fields', () => {
  it.each([
    [
      'SRV',
      { priority: '1', weight: '2', port: '3', target: 'sip example.com' },
      'target',
      'target',
    ],
    ['MX', { priority: '10', host: 'mail example.com' }, 'host', 'mail host'],
  ] as const)(
    'a %s host name with a space is refused at its own field',
    (type, parts, key, label) => {
      const r = parsed({ type, parts: { ...parts }, name: '_sip._tcp' });
      expect(r.success).toBe(false);
      const issue = r.error!.issues.find((i) => i.path.join('.') === `parts.${key}`);
      expect(issue?.message).toBe(
        `The ${label} is one host name and cannot contain spaces; remove them.`,
      );
    },
  );

  it('takes the same SRV once the space is gone', () => {
    const r = parsed({
      type: 'SRV',
      parts: { priority: '1', weight: '2', port: '3', target: 'sip.example.com' },
      name: '_sip._tcp',
    });
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data?.content).toBe('1 2 3 sip.example.com.');
  });
});
