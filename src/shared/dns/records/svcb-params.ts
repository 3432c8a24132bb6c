// SvcParam keys and values of SVCB/HTTPS (RFC 9460 section 7, RFC 9461 for dohpath).

import { canonicalIPv6, parseIPv4 } from '../ip';
import type { Checked } from '../labels';
import { show } from '../result';
import { textProblem } from './text';
import { utf8Bytes } from './wire-size';

export interface SvcParam {
  /** Canonical key name: "alpn", "port", ..., or "keyNNNNN" for keys without a name. */
  key: string;
  /** Undefined for keys written without a value (no-default-alpn). */
  value?: string;
}

/** Index = key number on the wire; the canonical order of parameters is ascending key number. */
export const SVC_KEY_NAMES = [
  'mandatory',
  'alpn',
  'no-default-alpn',
  'port',
  'ipv4hint',
  'ech',
  'ipv6hint',
  'dohpath',
];

/** The keys a form offers for a parameter row: mandatory last, since it lists the others. */
export const SVC_FORM_KEYS: readonly string[] = [
  ...SVC_KEY_NAMES.filter((k) => k !== 'mandatory'),
  'mandatory',
];

export function svcKeyNumber(key: string): number | undefined {
  const lower = key.toLowerCase();
  const named = SVC_KEY_NAMES.indexOf(lower);
  if (named >= 0) return named;
  const numbered = /^key(\d{1,5})$/.exec(lower);
  const n = numbered ? Number(numbered[1]) : NaN;
  return n <= 65535 ? n : undefined;
}

export function svcKeyName(n: number): string {
  return SVC_KEY_NAMES[n] ?? `key${n}`;
}

function fail(problem: string): Checked<never> {
  return { ok: false, problem };
}

function list(
  value: string,
  what: string,
  each: (item: string) => Checked<string>,
): Checked<string> {
  const out: string[] = [];
  for (const item of value.split(',')) {
    if (item === '')
      return fail(`${what} has an empty item; separate items with single commas and no spaces`);
    const r = each(item);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out.join(',') };
}

function mandatoryValue(value: string): Checked<string> {
  const numbers: number[] = [];
  for (const item of value.split(',')) {
    const n = svcKeyNumber(item);
    if (n === undefined) return fail(`mandatory lists ${show(item)}, which is not a parameter key`);
    if (n === 0) return fail('mandatory must not list itself');
    if (numbers.includes(n)) return fail(`mandatory lists ${svcKeyName(n)} twice`);
    numbers.push(n);
  }
  return {
    ok: true,
    value: numbers
      .sort((a, b) => a - b)
      .map(svcKeyName)
      .join(','),
  };
}

const ALPN_ID = /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]{1,255}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The canonical value of one parameter (undefined: no value), or why it is wrong. */
export function canonicalSvcValue(
  key: number,
  value: string | undefined,
): Checked<string | undefined> {
  const name = svcKeyName(key);
  if (key === 2 || key > 7) {
    // "key=" and "key" mean the same (RFC 9460 section 2.1); no-default-alpn never has a value.
    if (value === undefined || value === '') return { ok: true, value: undefined };
    if (key === 2) return fail('no-default-alpn takes no value; write it alone');
    const problem = textProblem(value);
    return problem ? fail(`the value of ${name} is invalid: ${problem}`) : { ok: true, value };
  }
  if (value === undefined || value === '') return fail(`${name} needs a value, as in ${name}=...`);
  switch (key) {
    case 0:
      return mandatoryValue(value);
    case 1:
      return list(value, 'alpn', (id) =>
        ALPN_ID.test(id)
          ? { ok: true, value: id }
          : fail(`alpn id ${show(id)} is not a protocol id such as h2 or h3`),
      );
    case 3:
      return /^\d{1,5}$/.test(value) && Number(value) <= 65535
        ? { ok: true, value: String(Number(value)) }
        : fail(`port must be an integer from 0 to 65535, got ${show(value)}`);
    case 4:
      return list(value, 'ipv4hint', (ip) => {
        const v4 = parseIPv4(ip);
        return v4.ok
          ? { ok: true, value: ip }
          : fail(`ipv4hint ${show(ip)} is not an IPv4 address: ${v4.problem}`);
      });
    case 5:
      return BASE64.test(value) && value.length % 4 === 0
        ? { ok: true, value }
        : fail('ech must be the base64 ECHConfigList (letters, digits, +, / and = padding)');
    case 6:
      return list(value, 'ipv6hint', (ip) => {
        const canonical = canonicalIPv6(ip);
        return canonical
          ? { ok: true, value: canonical }
          : fail(`ipv6hint ${show(ip)} is not an IPv6 address`);
      });
    default:
      // dohpath (RFC 9461): a relative URI template with a "dns" variable, such as /dns-query{?dns}.
      return value.startsWith('/') &&
        !/[\s"\\]/.test(value) &&
        /\{[^{}]*\bdns\b[^{}]*\}/.test(value)
        ? { ok: true, value }
        : fail(
            'dohpath must be a path template starting with "/" with a dns variable, such as /dns-query{?dns}',
          );
  }
}

/** RDATA octets of the parameters: key and length (4 each), then the value as encoded on the wire. */
export function svcParamsWireBytes(params: readonly SvcParam[]): number {
  let n = 0;
  for (const p of params) {
    const v = p.value ?? '';
    const items = v === '' ? 0 : v.split(',').length;
    switch (svcKeyNumber(p.key)) {
      case 0:
        n += 4 + 2 * items;
        break;
      case 1: // length-prefixed ids; "\," is a comma inside an id
        n +=
          4 + v.split(/(?<!\\),/).reduce((s, id) => s + 1 + utf8Bytes(id.replace(/\\,/g, ',')), 0);
        break;
      case 3:
        n += 4 + 2;
        break;
      case 4:
        n += 4 + 4 * items;
        break;
      case 5:
        n += 4 + (v.length / 4) * 3 - (v.endsWith('==') ? 2 : v.endsWith('=') ? 1 : 0);
        break;
      case 6:
        n += 4 + 16 * items;
        break;
      default:
        n += 4 + utf8Bytes(v);
    }
  }
  return n;
}
