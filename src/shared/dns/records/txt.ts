// TXT: free text, or quoted character strings; long strings are split for the wire, not in storage.

import { err, ok } from '../result';
import type { Result } from '../result';
import { requireContent } from './fields';
import { closingQuote, quoteText, textProblem, unescapeText } from './text';
import type { RecordTypeSpec } from './types';

/** `quoted: false` keeps free text as typed; quoted content is re-emitted as "a" "b". */
export interface TxtFields {
  strings: string[];
  quoted: boolean;
}

const EXPECTED = '<free text> or "<string>" ["<string>" ...]';
const MAX_STRING_BYTES = 255;
const MIXED =
  'TXT content mixes free text and quotes; write either plain text without quotes, or only quoted strings such as "part one" "part two" (a quote inside a string is written \\").';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Splits one string into pieces of at most 255 UTF-8 bytes without cutting a multi-byte character. */
function splitUtf8(s: string): string[] {
  const bytes = encoder.encode(s);
  if (bytes.length <= MAX_STRING_BYTES) return [s];
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length;) {
    let end = Math.min(start + MAX_STRING_BYTES, bytes.length);
    // Step back over continuation bytes (10xxxxxx) so the cut falls between characters.
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    pieces.push(decoder.decode(bytes.subarray(start, end)));
    start = end;
  }
  return pieces;
}

function parseQuoted(s: string): Result<string[]> {
  const strings: string[] = [];
  for (let i = 0; i < s.length;) {
    const c = s[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c !== '"') return err(MIXED, EXPECTED);
    const end = closingQuote(s, i);
    if (end < 0) {
      return err(
        `TXT content has an unbalanced quote: string ${strings.length + 1} is never closed; close it, or write a quote inside it as \\".`,
        EXPECTED,
      );
    }
    const text = unescapeText(s.slice(i + 1, end - 1));
    if (!text.ok)
      return err(`TXT string ${strings.length + 1} is invalid: ${text.problem}.`, EXPECTED);
    strings.push(text.value);
    i = end;
  }
  return ok(strings);
}

function parse(content: string): Result<TxtFields> {
  const present = requireContent(content, 'TXT', EXPECTED);
  if (!present.ok) return present;
  const s = present.value;
  const problem = textProblem(s);
  if (problem) return err(`TXT content is invalid: ${problem}.`, EXPECTED);
  let fields: TxtFields;
  if (s.startsWith('"')) {
    const strings = parseQuoted(s);
    if (!strings.ok) return strings;
    fields = { strings: strings.value, quoted: true };
  } else if (s.includes('"')) {
    return err(MIXED, EXPECTED);
  } else {
    fields = { strings: [s], quoted: false };
  }
  return ok(fields);
}

/** RDATA octets of the value: each string cut into pieces, each piece with its length octet. */
export function txtWireBytes(fields: TxtFields): number {
  return fields.strings
    .flatMap(splitUtf8)
    .reduce((sum, p) => sum + 1 + encoder.encode(p).length, 0);
}

function canStayFree(s: string): boolean {
  return s !== '' && s === s.trim() && !s.includes('"');
}

function format(fields: TxtFields): string {
  const [only] = fields.strings;
  if (!fields.quoted && fields.strings.length === 1 && only !== undefined && canStayFree(only))
    return only;
  return fields.strings.map(quoteText).join(' ');
}

export const txtSpec: RecordTypeSpec<TxtFields> = {
  type: 'TXT',
  singleValue: false,
  description: 'Text',
  expected: EXPECTED,
  example: 'v=spf1 include:_spf.example.com ~all',
  longContent: true,
  parse,
  format,
  wireBytes: txtWireBytes,
};

/**
 * The character-strings to send in DNS: each quoted string (unescaped), or the free text as one,
 * each cut into pieces of at most 255 bytes. Content that does not parse is sent as free text.
 */
export function txtToWireStrings(content: string): string[] {
  const parsed = parse(content);
  return txtWireStrings(parsed.ok ? parsed.value : { strings: [content.trim()], quoted: false });
}

/** The character-strings of parsed TXT fields, each cut into pieces of at most 255 bytes. */
export function txtWireStrings(fields: TxtFields): string[] {
  return fields.strings.flatMap(splitUtf8);
}
