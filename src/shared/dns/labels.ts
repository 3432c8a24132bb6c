// Label-level rules shared by zone names, record names and host names inside record content.

import { show } from './result';

export const MAX_NAME_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

/** Separators IDNA treats like the ASCII dot (RFC 3490 section 3.1), so "bücher。example" works. */
const SEPARATOR = /[.\u3002\uff0e\uff61]/;

export interface LabelRules {
  /** Underscores appear in service and verification names (_sip._tcp, _dmarc) but not in zone names. */
  underscore: boolean;
  /** Zone names follow the host name rule (RFC 1123): no hyphen at either end of a label. */
  hyphenAtEdges: boolean;
  /** What to say about "*", whose only legal place (leftmost label of a record name) is handled by the caller. */
  wildcardProblem: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export function splitLabels(name: string): string[] {
  return name.split(SEPARATOR);
}

/** Drops one trailing separator; tells whether there was one (an absolute name). */
export function stripTrailingDot(name: string): { name: string; absolute: boolean } {
  const last = name.slice(-1);
  return last !== '' && SEPARATOR.test(last)
    ? { name: name.slice(0, -1), absolute: true }
    : { name, absolute: false };
}

function allowedHint(rules: LabelRules): string {
  return rules.underscore
    ? 'letters, digits, hyphens and underscores'
    : 'letters, digits and hyphens';
}

function badChar(label: string, bad: string, rules: LabelRules): Checked<string> {
  if (bad === '*') return { ok: false, problem: rules.wildcardProblem };
  return {
    ok: false,
    problem: `label ${show(label)} contains ${show(bad)}; use only ${allowedHint(rules)}`,
  };
}

/** Unicode label to its xn-- form via the platform's UTS #46 mapping (the WHATWG URL host parser). */
function idnaToAscii(label: string): string | undefined {
  try {
    // The ".a" suffix keeps a label such as "１" (maps to "1") from being read as an IPv4 address.
    const host = new URL(`http://${label}.a`).hostname;
    return host.endsWith('.a') ? host.slice(0, -2) : undefined;
  } catch {
    return undefined;
  }
}

/** One label in lower-case A-label form, or a clause saying what is wrong with it. */
export function toALabel(label: string, rules: LabelRules): Checked<string> {
  if (label === '')
    return {
      ok: false,
      problem: 'it has an empty label; remove the doubled, leading or extra trailing dot',
    };
  const allowed = rules.underscore ? /^[a-z0-9_-]$/ : /^[a-z0-9-]$/;
  let value = label;
  if (/[^\p{ASCII}]/u.test(label)) {
    // Only the ASCII we allow may travel with Unicode into the URL parser ("%" or "@" would change its meaning).
    const badAscii = Array.from(label).find((c) => c < '\x80' && !allowed.test(c.toLowerCase()));
    if (badAscii !== undefined) return badChar(label, badAscii, rules);
    const converted = idnaToAscii(label);
    if (converted === undefined || converted.includes('.')) {
      return { ok: false, problem: `label ${show(label)} is not a valid internationalised label` };
    }
    if (converted === '')
      return { ok: false, problem: `label ${show(label)} is empty once converted` };
    value = converted;
  }
  value = value.toLowerCase();
  const bad = Array.from(value).find((c) => !allowed.test(c));
  if (bad !== undefined) return badChar(label, bad, rules);
  // An A-label is the Punycode of a Unicode label: "xn--zz" is none (RFC 5890 2.3.2.1).
  if (value.startsWith('xn--') && idnaToAscii(value) === undefined) {
    return {
      ok: false,
      problem: `label ${show(value)} starts with xn-- but is no valid Punycode; write the Unicode name (bücher), or its A-label as the registry gave it (xn--bcher-kva)`,
    };
  }
  if (value.length > MAX_LABEL_LENGTH) {
    return {
      ok: false,
      problem: `label ${show(value)} is ${value.length} characters long; the limit is ${MAX_LABEL_LENGTH}`,
    };
  }
  if (!rules.hyphenAtEdges && (value.startsWith('-') || value.endsWith('-'))) {
    return {
      ok: false,
      problem: `label ${show(value)} starts or ends with a hyphen, which is not allowed`,
    };
  }
  return { ok: true, value };
}

/** Converts every label; the first bad one decides the message. */
export function toALabels(labels: readonly string[], rules: LabelRules): Checked<string[]> {
  const out: string[] = [];
  for (const label of labels) {
    const r = toALabel(label, rules);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out };
}

export function tooLongProblem(name: string): string | undefined {
  return name.length > MAX_NAME_LENGTH
    ? `it is ${name.length} characters long; a full name may have at most ${MAX_NAME_LENGTH}`
    : undefined;
}
