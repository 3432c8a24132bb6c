// CAA (RFC 8659): which certificate authorities may issue for the name; the value is stored quoted.

import { err, inField, ok, show } from '../result';
import type { Result } from '../result';
import { parseUint, requireContent } from './fields';
import { options, structuredForm } from './parts';
import { closingQuote, quoteText, textProblem, unescapeText } from './text';
import type { RecordTypeSpec } from './types';
import { utf8Bytes } from './wire-size';

export interface CaaFields {
  flags: number;
  tag: string;
  value: string;
}

const EXPECTED = '<flags 0-255> <tag> "<value>"';
const EXAMPLE = '0 issue "letsencrypt.org"';
const ISSUER_TAGS = new Set(['issue', 'issuewild', 'issuemail']);

/** The tags a form offers; any other tag of 1 to 15 letters or digits is valid too. */
export const CAA_TAGS = options([
  ['issue', 'issue: CA allowed to issue certificates'],
  ['issuewild', 'issuewild: CA allowed to issue wildcard certificates'],
  ['issuemail', 'issuemail: CA allowed to issue S/MIME certificates'],
  ['iodef', 'iodef: where CAs report refused requests'],
]);
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i;
const PARAMETER = /^[a-z0-9]+=[\x21-\x3a\x3c-\x7e]*$/i;

/** Issuer values are "[domain] [; key=value ...]"; checked loosely, since CAs define their own parameters. */
function issuerProblem(value: string): string | undefined {
  const cut = value.indexOf(';');
  const domain = (cut < 0 ? value : value.slice(0, cut)).trim();
  if (domain !== '' && !DOMAIN.test(domain)) {
    return `the issuer ${show(domain)} is not a domain name; write it like "letsencrypt.org", or ";" to allow no issuer`;
  }
  if (cut < 0) return undefined;
  const bad = value
    .slice(cut + 1)
    .split(/[;\s]+/)
    .find((p) => p !== '' && !PARAMETER.test(p));
  return bad === undefined ? undefined : `the parameter ${show(bad)} is not of the form key=value`;
}

function iodefProblem(value: string): string | undefined {
  const hint = 'iodef must be a mailto:, http: or https: URL where reports are sent';
  if (/\s/.test(value)) return hint;
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:' && url.pathname !== '') return undefined;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '')
      return undefined;
  } catch {
    // Not a URL at all: reported below like any other scheme.
  }
  return hint;
}

function readValue(rest: string): Result<string> {
  if (!rest.startsWith('"')) {
    if (rest.includes('"'))
      return err(
        `CAA value has a stray quote; put the whole value in quotes, escaping inner quotes as \\".`,
        EXPECTED,
      );
    // Unquoted values may not keep runs of spaces: fields are whitespace-separated.
    const value = rest.split(/\s+/).join(' ');
    const problem = textProblem(value);
    return problem ? err(`CAA value is invalid: ${problem}.`, EXPECTED) : ok(value);
  }
  const end = closingQuote(rest, 0);
  if (end < 0)
    return err(
      'CAA value has an unbalanced quote; close it, or write a quote inside it as \\".',
      EXPECTED,
    );
  if (rest.slice(end).trim() !== '') {
    return err(
      `CAA value must be one quoted string, but text follows the closing quote: ${show(rest.slice(end).trim())}.`,
      EXPECTED,
    );
  }
  const value = unescapeText(rest.slice(1, end - 1));
  return value.ok ? ok(value.value) : err(`CAA value is invalid: ${value.problem}.`, EXPECTED);
}

function parse(content: string): Result<CaaFields> {
  const present = requireContent(content, 'CAA', EXPECTED);
  if (!present.ok) return present;
  const match = /^(\S+)\s+(\S+)\s+([\s\S]+)$/.exec(present.value);
  if (!match) {
    return err(
      `CAA content needs flags, a tag and a value; write it like ${show(EXAMPLE)}.`,
      EXPECTED,
    );
  }
  const [, flagsText = '', tagText = '', rest = ''] = match;
  const flags = parseUint(flagsText, 0, 255, 'CAA flags', EXPECTED);
  if (!flags.ok) return inField('flags', flags);
  if (!/^[a-z0-9]{1,15}$/i.test(tagText)) {
    return inField(
      'tag',
      err(
        `CAA tag must be 1 to 15 letters or digits (issue, issuewild, iodef, ...), got ${show(tagText)}.`,
        EXPECTED,
      ),
    );
  }
  const tag = tagText.toLowerCase();
  const value = readValue(rest);
  if (!value.ok) return inField('value', value);
  const problem = ISSUER_TAGS.has(tag)
    ? issuerProblem(value.value)
    : tag === 'iodef'
      ? iodefProblem(value.value)
      : undefined;
  if (problem) {
    const message = `CAA ${tag} value ${show(value.value)} is invalid: ${problem}.`;
    return inField('value', err(message, EXPECTED));
  }
  return ok({ flags: flags.value, tag, value: value.value });
}

export const caaSpec: RecordTypeSpec<CaaFields> = {
  type: 'CAA',
  singleValue: false,
  description: 'Certificate authority authorisation',
  expected: EXPECTED,
  example: EXAMPLE,
  parse,
  format: (f) => `${f.flags} ${f.tag.trim().toLowerCase()} ${quoteText(f.value)}`,
  wireBytes: (f) => 2 + f.tag.length + utf8Bytes(f.value),
  form: structuredForm<CaaFields>({
    flags: {
      kind: 'select',
      of: 'number',
      label: 'Flags',
      options: options([
        [0, '0: not critical'],
        [128, '128: critical'],
      ]),
    },
    tag: { kind: 'select', of: 'text', label: 'Tag', options: CAA_TAGS, default: 'issue' },
    // An empty issuer value is valid and means that no CA may issue (RFC 8659 section 4.2), so
    // the API takes it. The form does not: an empty box beside a placeholder looks filled in, and
    // saving it would forbid every certificate. Forbidding is asked for with ";" (same meaning).
    value: {
      kind: 'text',
      label: 'Value',
      placeholder: 'letsencrypt.org',
      verbatim: true,
      wide: true,
      whenEmpty:
        'Enter the value: the domain of the CA that may issue, like letsencrypt.org, or ";" to let no CA issue (for iodef, a mailto: or https: URL).',
    },
  }),
};
