// HTTPS and SVCB (RFC 9460): priority, target, then key=value parameters in canonical key order.

import type { Checked } from '../labels';
import { normalizeHostname } from '../names';
import { err, inField, ok, show } from '../result';
import type { Result } from '../result';
import { parseUint, requireContent } from './fields';
import { formatHost } from './host';
import { structuredForm } from './parts';
import type { StructuredForm } from './parts';
import {
  canonicalSvcValue,
  SVC_FORM_KEYS,
  svcKeyName,
  svcKeyNumber,
  svcParamsWireBytes,
} from './svcb-params';
import type { SvcParam } from './svcb-params';
import { closingQuote, quoteText, unescapeText } from './text';
import type { RecordTypeSpec } from './types';
import { nameWireBytes } from './wire-size';

export type { SvcParam } from './svcb-params';

export interface SvcbFields {
  priority: number;
  /** "." means the owner name itself. */
  target: string;
  params: SvcParam[];
}

const EXPECTED = '<priority 0-65535> <target> [key=value ...]';
const KNOWN_KEYS =
  'mandatory, alpn, no-default-alpn, port, ipv4hint, ech, ipv6hint, dohpath or keyNNNNN';

/** Splits `key`, `key=value` and `key="quoted value"` tokens; escapes are resolved as in TXT. */
function readParams(s: string): Checked<{ key: string; value: string | undefined }[]> {
  const out: { key: string; value: string | undefined }[] = [];
  const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
  for (let i = 0; i < s.length;) {
    if (isSpace(s[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j < s.length && !isSpace(s[j]) && s[j] !== '=' && s[j] !== '"') j++;
    const key = s.slice(i, j);
    if (key === '')
      return {
        ok: false,
        problem: `a parameter starts with ${show(s[j] ?? '')}; write parameters as key=value`,
      };
    if (j >= s.length || isSpace(s[j])) {
      out.push({ key, value: undefined });
      i = j;
      continue;
    }
    if (s[j] === '"')
      return {
        ok: false,
        problem: `the key ${show(key)} is followed by a quote; write key="value"`,
      };
    j++;
    let raw: string;
    if (s[j] === '"') {
      const end = closingQuote(s, j);
      if (end < 0)
        return { ok: false, problem: `the value of ${show(key)} has an unbalanced quote` };
      if (end < s.length && !isSpace(s[end])) {
        return {
          ok: false,
          problem: `text follows the closing quote of ${show(key)}; separate parameters with spaces`,
        };
      }
      raw = s.slice(j + 1, end - 1);
      i = end;
    } else {
      let k = j;
      for (; k < s.length && !isSpace(s[k]); k++) {
        if (s[k] === '"')
          return {
            ok: false,
            problem: `the value of ${show(key)} has a stray quote; quote the whole value`,
          };
        if (s[k] === '\\') k++;
      }
      raw = s.slice(j, k);
      i = k;
    }
    const value = unescapeText(raw);
    if (!value.ok)
      return { ok: false, problem: `the value of ${show(key)} is invalid: ${value.problem}` };
    out.push({ key, value: value.value });
  }
  return { ok: true, value: out };
}

function parseParams(type: string, rest: string): Result<SvcParam[]> {
  const raw = readParams(rest);
  if (!raw.ok) return err(`${type} parameters are invalid: ${raw.problem}.`, EXPECTED);
  const byNumber = new Map<number, string | undefined>();
  for (const { key, value } of raw.value) {
    const n = svcKeyNumber(key);
    if (n === undefined)
      return err(`${type} parameter key ${show(key)} is unknown; use ${KNOWN_KEYS}.`, EXPECTED);
    if (byNumber.has(n))
      return err(`${type} parameter ${svcKeyName(n)} appears twice; give each key once.`, EXPECTED);
    const canonical = canonicalSvcValue(n, value);
    if (!canonical.ok) return err(`${type} parameter is invalid: ${canonical.problem}.`, EXPECTED);
    byNumber.set(n, canonical.value);
  }
  for (const listed of byNumber.get(0)?.split(',') ?? []) {
    if (!byNumber.has(svcKeyNumber(listed) ?? -1)) {
      return err(
        `${type} parameter mandatory lists ${listed}, but ${listed} is not given; add it or remove it from mandatory.`,
        EXPECTED,
      );
    }
  }
  if (byNumber.has(2) && !byNumber.has(1)) {
    return err(
      `${type} parameter no-default-alpn needs an alpn parameter too, such as alpn=h2.`,
      EXPECTED,
    );
  }
  return ok(
    [...byNumber.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, value]) =>
        value === undefined ? { key: svcKeyName(n) } : { key: svcKeyName(n), value },
      ),
  );
}

/** Priority and target as sub-fields, the parameters as rows (empty rows are dropped). */
function svcbForm(targetPlaceholder: string): StructuredForm<SvcbFields> {
  const head = structuredForm<Omit<SvcbFields, 'params'>>({
    priority: { kind: 'number', label: 'Priority', min: 0, max: 65535, placeholder: '1' },
    target: {
      kind: 'text',
      label: 'Target',
      placeholder: targetPlaceholder,
      wide: true,
      oneWord: true,
    },
  });
  return {
    parts: head.parts,
    params: { keys: SVC_FORM_KEYS },
    toParts: (f) => ({
      parts: head.toParts(f).parts,
      params: f.params.map((p) => ({ key: p.key, value: p.value ?? '' })),
    }),
    fromParts: (sub) => ({
      ...head.fromParts(sub),
      params: sub.params
        .filter((r) => r.key.trim() !== '')
        .map((r) =>
          r.value === '' ? { key: r.key.trim() } : { key: r.key.trim(), value: r.value },
        ),
    }),
  };
}

function renderParam(key: string, value: string | undefined): string {
  if (value === undefined) return key;
  return value === '' || /[\s"\\]/.test(value) ? `${key}=${quoteText(value)}` : `${key}=${value}`;
}

function format(f: SvcbFields): string {
  const params = f.params.map((p) => {
    const n = svcKeyNumber(p.key);
    const canonical = n === undefined ? undefined : canonicalSvcValue(n, p.value);
    const key = n === undefined ? p.key : svcKeyName(n);
    return {
      order: n ?? Infinity,
      text: renderParam(key, canonical?.ok ? canonical.value : p.value),
    };
  });
  params.sort((a, b) => a.order - b.order);
  return [String(f.priority), formatHost(f.target, true), ...params.map((p) => p.text)].join(' ');
}

function svcbSpec(
  type: 'HTTPS' | 'SVCB',
  description: string,
  example: string,
  targetPlaceholder: string,
): RecordTypeSpec<SvcbFields> {
  return {
    type,
    singleValue: false,
    description,
    expected: EXPECTED,
    example,
    parse(content: string): Result<SvcbFields> {
      const present = requireContent(content, type, EXPECTED);
      if (!present.ok) return present;
      const match = /^(\S+)\s+(\S+)(?:\s+([\s\S]*))?$/.exec(present.value);
      if (!match) {
        return err(
          `${type} content needs a priority and a target ("." for the name itself); write it like ${show(example)}.`,
          EXPECTED,
        );
      }
      const [, priorityText = '', targetText = '', rest = ''] = match;
      const priority = parseUint(priorityText, 0, 65535, `${type} priority`, EXPECTED);
      if (!priority.ok) return inField('priority', priority);
      const target = normalizeHostname(targetText, { allowRoot: true, what: `${type} target` });
      if (!target.ok) return { ...target, expected: EXPECTED, field: 'target' };
      const params = parseParams(type, rest);
      if (!params.ok) return inField('params', params);
      if (priority.value === 0 && params.value.length > 0) {
        const message = `${type} priority 0 (alias mode) takes no parameters; remove them or use priority 1 or higher.`;
        return inField('priority', err(message, EXPECTED));
      }
      return ok({ priority: priority.value, target: target.value, params: params.value });
    },
    format,
    wireBytes: (f) => 2 + nameWireBytes(f.target) + svcParamsWireBytes(f.params),
    form: svcbForm(targetPlaceholder),
  };
}

export const httpsSpec = svcbSpec(
  'HTTPS',
  'HTTPS service binding',
  '1 . alpn=h2,h3',
  '. (this name)',
);
export const svcbRecordSpec = svcbSpec(
  'SVCB',
  'General service binding',
  '1 svc.example.net. alpn=h2 port=8443',
  'svc.example.net.',
);
