// The structured sub-fields of MX, SRV, CAA, TLSA, SSHFP, HTTPS and SVCB: what the form shows,
// how the typed strings become content (the type's own `format`) and how content fills them
// again (its `parse`). Every rule stays in the shared registry; this file only converts.
import {
  RECORD_SPECS,
  type CaaFields,
  type MxFields,
  type RecordType,
  type SrvFields,
  type SshfpFields,
  type SvcbFields,
  type TlsaFields,
} from '../../../shared/dns/records';

export interface PartOption {
  value: string;
  label: string;
}

export interface PartDef {
  key: string;
  label: string;
  kind: 'number' | 'text' | 'select';
  min?: number;
  max?: number;
  placeholder?: string;
  options?: PartOption[];
  /** Shared parse messages name their field ("MX priority …"): this finds the sub-field. */
  errorMatch: RegExp;
  /** Empty is an acceptable value (a CAA value). */
  optional?: boolean;
  wide?: boolean;
}

export interface ParamRow {
  key: string;
  value: string;
}

/** What the form holds for a structured type: strings as typed, and SvcParams as rows. */
export interface Structured {
  parts: Record<string, string>;
  params: ParamRow[];
}

const u16 = { kind: 'number', min: 0, max: 65535 } as const;
const opts = (pairs: Array<[number | string, string]>): PartOption[] =>
  pairs.map(([value, label]) => ({ value: String(value), label }));

export const CAA_TAGS = opts([
  ['issue', 'issue: CA allowed to issue certificates'],
  ['issuewild', 'issuewild: CA allowed to issue wildcard certificates'],
  ['issuemail', 'issuemail: CA allowed to issue S/MIME certificates'],
  ['iodef', 'iodef: where CAs report refused requests'],
]);

function svcbParts(type: 'HTTPS' | 'SVCB'): PartDef[] {
  return [
    {
      key: 'priority',
      label: 'Priority',
      ...u16,
      placeholder: '1',
      errorMatch: new RegExp(`^${type} priority`),
    },
    {
      key: 'target',
      label: 'Target',
      kind: 'text',
      placeholder: type === 'HTTPS' ? '. (this name)' : 'svc.example.net.',
      errorMatch: new RegExp(`^${type} target`),
      wide: true,
    },
  ];
}

export const STRUCTURED_PARTS: Partial<Record<RecordType, PartDef[]>> = {
  MX: [
    { key: 'priority', label: 'Priority', ...u16, placeholder: '10', errorMatch: /^MX priority/ },
    {
      key: 'host',
      label: 'Mail host',
      kind: 'text',
      placeholder: 'mail.example.com.',
      errorMatch: /^MX mail host/,
      wide: true,
    },
  ],
  SRV: [
    { key: 'priority', label: 'Priority', ...u16, placeholder: '10', errorMatch: /^SRV priority/ },
    { key: 'weight', label: 'Weight', ...u16, placeholder: '60', errorMatch: /^SRV weight/ },
    { key: 'port', label: 'Port', ...u16, placeholder: '5060', errorMatch: /^SRV port/ },
    {
      key: 'target',
      label: 'Target',
      kind: 'text',
      placeholder: 'sip.example.com.',
      errorMatch: /^SRV target/,
      wide: true,
    },
  ],
  CAA: [
    {
      key: 'flags',
      label: 'Flags',
      kind: 'select',
      options: opts([
        [0, '0: not critical'],
        [128, '128: critical'],
      ]),
      errorMatch: /^CAA flags/,
    },
    { key: 'tag', label: 'Tag', kind: 'select', options: CAA_TAGS, errorMatch: /^CAA tag/ },
    {
      key: 'value',
      label: 'Value',
      kind: 'text',
      placeholder: 'letsencrypt.org',
      errorMatch: /^CAA (value|\w+ value)/,
      optional: true,
      wide: true,
    },
  ],
  TLSA: [
    {
      key: 'usage',
      label: 'Usage',
      kind: 'select',
      options: opts([
        [0, '0: PKIX-TA (CA constraint)'],
        [1, '1: PKIX-EE (service certificate)'],
        [2, '2: DANE-TA (trust anchor)'],
        [3, '3: DANE-EE (domain-issued)'],
      ]),
      errorMatch: /^TLSA usage/,
    },
    {
      key: 'selector',
      label: 'Selector',
      kind: 'select',
      options: opts([
        [0, '0: Full certificate'],
        [1, '1: Public key (SPKI)'],
      ]),
      errorMatch: /^TLSA selector/,
    },
    {
      key: 'matchingType',
      label: 'Matching type',
      kind: 'select',
      options: opts([
        [0, '0: Exact match'],
        [1, '1: SHA-256'],
        [2, '2: SHA-512'],
      ]),
      errorMatch: /^TLSA matching type/,
    },
    {
      key: 'data',
      label: 'Certificate data (hex)',
      kind: 'text',
      placeholder: '64 hex digits for SHA-256',
      errorMatch: /^TLSA (certificate )?data/,
      wide: true,
    },
  ],
  SSHFP: [
    {
      key: 'algorithm',
      label: 'Algorithm',
      kind: 'select',
      options: opts([
        [1, '1: RSA'],
        [2, '2: DSA'],
        [3, '3: ECDSA'],
        [4, '4: Ed25519'],
        [6, '6: Ed448'],
      ]),
      errorMatch: /^SSHFP algorithm/,
    },
    {
      key: 'fingerprintType',
      label: 'Fingerprint type',
      kind: 'select',
      options: opts([
        [1, '1: SHA-1'],
        [2, '2: SHA-256'],
      ]),
      errorMatch: /^SSHFP fingerprint type/,
    },
    {
      key: 'fingerprint',
      label: 'Fingerprint (hex)',
      kind: 'text',
      placeholder: '64 hex digits for SHA-256',
      errorMatch: /^SSHFP fingerprint (of|must|has)/,
      wide: true,
    },
  ],
  HTTPS: svcbParts('HTTPS'),
  SVCB: svcbParts('SVCB'),
};

export const hasParams = (type: RecordType) => type === 'HTTPS' || type === 'SVCB';
export const isStructured = (type: RecordType) => STRUCTURED_PARTS[type] !== undefined;

/** The SvcParam keys offered in the parameter rows (keyNNNNN can be typed in raw content). */
export const SVC_PARAM_KEYS = [
  'alpn',
  'no-default-alpn',
  'port',
  'ipv4hint',
  'ipv6hint',
  'ech',
  'dohpath',
  'mandatory',
];

export function emptyStructured(type: RecordType): Structured {
  const parts: Record<string, string> = {};
  for (const d of STRUCTURED_PARTS[type] ?? []) parts[d.key] = d.options?.[0]?.value ?? '';
  if (type === 'CAA') parts.tag = 'issue';
  if (type === 'TLSA') Object.assign(parts, { usage: '3', selector: '1', matchingType: '1' });
  if (type === 'SSHFP') Object.assign(parts, { algorithm: '4', fingerprintType: '2' });
  return { parts, params: [] };
}

const INT = /^\s*\d{1,10}\s*$/;
/** Every select holds numbers, except the CAA tag. */
const isNumeric = (d: PartDef) => d.kind === 'number' || (d.kind === 'select' && d.key !== 'tag');

/**
 * Content from the sub-fields, through the type's `format`. A number that is not one is passed on
 * as typed, so that the type's `parse` names the problem in its own words.
 */
export function assemble(type: RecordType, s: Structured): string {
  const defs = STRUCTURED_PARTS[type];
  if (!defs) return '';
  const p = (k: string) => (s.parts[k] ?? '').trim();
  const numbersOk = defs.every((d) => !isNumeric(d) || INT.test(p(d.key)));
  if (!numbersOk) {
    const raw = defs.map((d) => p(d.key));
    if (hasParams(type)) raw.push(...s.params.map((r) => `${r.key}=${r.value}`));
    return raw.filter(Boolean).join(' ');
  }
  const n = (k: string) => Number(p(k));
  switch (type) {
    case 'MX':
      return RECORD_SPECS.MX.format({
        priority: n('priority'),
        host: p('host'),
      } satisfies MxFields);
    case 'SRV':
      return RECORD_SPECS.SRV.format({
        priority: n('priority'),
        weight: n('weight'),
        port: n('port'),
        target: p('target'),
      } satisfies SrvFields);
    case 'CAA':
      // The value is kept exactly as typed: format quotes and escapes it.
      return RECORD_SPECS.CAA.format({
        flags: n('flags'),
        tag: p('tag'),
        value: s.parts.value ?? '',
      } satisfies CaaFields);
    case 'TLSA':
      return RECORD_SPECS.TLSA.format({
        usage: n('usage'),
        selector: n('selector'),
        matchingType: n('matchingType'),
        data: p('data'),
      } satisfies TlsaFields);
    case 'SSHFP':
      return RECORD_SPECS.SSHFP.format({
        algorithm: n('algorithm'),
        fingerprintType: n('fingerprintType'),
        fingerprint: p('fingerprint'),
      } satisfies SshfpFields);
    case 'HTTPS':
    case 'SVCB':
      return RECORD_SPECS[type].format({
        priority: n('priority'),
        target: p('target'),
        params: s.params
          .filter((r) => r.key.trim() !== '')
          .map((r) =>
            r.value === '' ? { key: r.key.trim() } : { key: r.key.trim(), value: r.value },
          ),
      } satisfies SvcbFields);
    default:
      return '';
  }
}

/** The sub-fields of a content, or null when it does not parse (it stays raw then). */
export function disassemble(type: RecordType, content: string): Structured | null {
  const str = (n: number) => String(n);
  switch (type) {
    case 'MX': {
      const r = RECORD_SPECS.MX.parse(content);
      return r.ok
        ? { parts: { priority: str(r.value.priority), host: r.value.host }, params: [] }
        : null;
    }
    case 'SRV': {
      const r = RECORD_SPECS.SRV.parse(content);
      if (!r.ok) return null;
      const { priority, weight, port, target } = r.value;
      return {
        parts: { priority: str(priority), weight: str(weight), port: str(port), target },
        params: [],
      };
    }
    case 'CAA': {
      const r = RECORD_SPECS.CAA.parse(content);
      if (!r.ok) return null;
      return {
        parts: { flags: str(r.value.flags), tag: r.value.tag, value: r.value.value },
        params: [],
      };
    }
    case 'TLSA': {
      const r = RECORD_SPECS.TLSA.parse(content);
      if (!r.ok) return null;
      const { usage, selector, matchingType, data } = r.value;
      return {
        parts: {
          usage: str(usage),
          selector: str(selector),
          matchingType: str(matchingType),
          data,
        },
        params: [],
      };
    }
    case 'SSHFP': {
      const r = RECORD_SPECS.SSHFP.parse(content);
      if (!r.ok) return null;
      const { algorithm, fingerprintType, fingerprint } = r.value;
      return {
        parts: {
          algorithm: str(algorithm),
          fingerprintType: str(fingerprintType),
          fingerprint,
        },
        params: [],
      };
    }
    case 'HTTPS':
    case 'SVCB': {
      const r = RECORD_SPECS[type].parse(content);
      if (!r.ok) return null;
      return {
        parts: { priority: str(r.value.priority), target: r.value.target },
        params: r.value.params.map((p) => ({ key: p.key, value: p.value ?? '' })),
      };
    }
    default:
      return null;
  }
}

/** The sub-field a shared parse message is about (null: the content as a whole). */
export function partOfError(type: RecordType, message: string): string | null {
  if (hasParams(type) && /parameter/.test(message) && !/priority 0/.test(message)) return 'params';
  return STRUCTURED_PARTS[type]?.find((d) => d.errorMatch.test(message))?.key ?? null;
}

/** Options of a select, with the current value added when it is not one of them (a rare tag). */
export function optionsWith(def: PartDef, value: string): PartOption[] {
  const options = def.options ?? [];
  return value === '' || options.some((o) => o.value === value)
    ? options
    : [...options, { value, label: value }];
}
