// MX and SRV: numbers then a target host; "." as target means "no mail" (RFC 7505) or "no service" (RFC 2782).

import { normalizeHostname } from '../names';
import { inField, ok } from '../result';
import type { Result } from '../result';
import { fieldCountError, parseUint, requireContent, splitFields } from './fields';
import { formatHost } from './host';
import { structuredForm } from './parts';
import type { NumberPart } from './parts';
import type { RecordTypeSpec } from './types';
import { nameWireBytes } from './wire-size';

export interface MxFields {
  priority: number;
  host: string;
}

export interface SrvFields {
  priority: number;
  weight: number;
  port: number;
  target: string;
}

const MX_EXPECTED = '<priority 0-65535> <mail host>';
const MX_EXAMPLE = '10 mail.example.com.';
const SRV_EXPECTED = '<priority 0-65535> <weight 0-65535> <port 0-65535> <target host>';
const SRV_EXAMPLE = '10 60 5060 sip.example.com.';

const u16 = (label: string, placeholder: string): NumberPart => ({
  kind: 'number',
  label,
  min: 0,
  max: 65535,
  placeholder,
});

function parseMx(content: string): Result<MxFields> {
  const present = requireContent(content, 'MX', MX_EXPECTED);
  if (!present.ok) return present;
  const fields = splitFields(present.value);
  const [priorityText = '', hostText = ''] = fields;
  if (fields.length !== 2)
    return fieldCountError(
      'MX',
      fields.length,
      'a priority and a mail host',
      MX_EXPECTED,
      MX_EXAMPLE,
    );
  const priority = parseUint(priorityText, 0, 65535, 'MX priority', MX_EXPECTED);
  if (!priority.ok) return inField('priority', priority);
  const host = normalizeHostname(hostText, { allowRoot: true, what: 'MX mail host' });
  if (!host.ok) return { ...host, expected: MX_EXPECTED, field: 'host' };
  return ok({ priority: priority.value, host: host.value });
}

function parseSrv(content: string): Result<SrvFields> {
  const present = requireContent(content, 'SRV', SRV_EXPECTED);
  if (!present.ok) return present;
  const fields = splitFields(present.value);
  if (fields.length !== 4) {
    return fieldCountError(
      'SRV',
      fields.length,
      'a priority, a weight, a port and a target host',
      SRV_EXPECTED,
      SRV_EXAMPLE,
    );
  }
  const [p = '', w = '', port = '', target = ''] = fields;
  const numbers: number[] = [];
  for (const [text, field] of [
    [p, 'priority'],
    [w, 'weight'],
    [port, 'port'],
  ] as const) {
    const n = parseUint(text, 0, 65535, `SRV ${field}`, SRV_EXPECTED);
    if (!n.ok) return inField(field, n);
    numbers.push(n.value);
  }
  const host = normalizeHostname(target, { allowRoot: true, what: 'SRV target host' });
  if (!host.ok) return { ...host, expected: SRV_EXPECTED, field: 'target' };
  const [priority = 0, weight = 0, portNumber = 0] = numbers;
  return ok({ priority, weight, port: portNumber, target: host.value });
}

export const mxSpec: RecordTypeSpec<MxFields> = {
  type: 'MX',
  singleValue: false,
  description: 'Mail exchanger',
  expected: MX_EXPECTED,
  example: MX_EXAMPLE,
  parse: parseMx,
  format: (f) => `${f.priority} ${formatHost(f.host, true)}`,
  wireBytes: (f) => 2 + nameWireBytes(f.host),
  form: structuredForm<MxFields>({
    priority: u16('Priority', '10'),
    host: {
      kind: 'text',
      label: 'Mail host',
      placeholder: 'mail.example.com.',
      wide: true,
      oneWord: true,
    },
  }),
};

export const srvSpec: RecordTypeSpec<SrvFields> = {
  type: 'SRV',
  singleValue: false,
  description: 'Service location',
  expected: SRV_EXPECTED,
  example: SRV_EXAMPLE,
  parse: parseSrv,
  format: (f) => `${f.priority} ${f.weight} ${f.port} ${formatHost(f.target, true)}`,
  wireBytes: (f) => 6 + nameWireBytes(f.target),
  form: structuredForm<SrvFields>({
    priority: u16('Priority', '10'),
    weight: u16('Weight', '60'),
    port: u16('Port', '5060'),
    target: {
      kind: 'text',
      label: 'Target',
      placeholder: 'sip.example.com.',
      wide: true,
      oneWord: true,
    },
  }),
};
