// Splits a zone file into logical records (RFC 1035 5.1): parentheses join lines, ";" starts a
// comment outside quotes, a record that starts with a blank has no owner.

import { runSteps, STEP_ITEMS, type Steps } from '../../steps';
import type { ZoneFileError } from './types';

export interface Token {
  /** Text as written, escapes kept; without the surrounding quotes when `quoted`. */
  raw: string;
  quoted: boolean;
}

export type Marker = 'disabled' | 'alias';

export interface LogicalRecord {
  line: number;
  ownerOmitted: boolean;
  tokens: Token[];
  /** Our own export writes disabled values and ALIAS (unknown to BIND) as marked comments. */
  marker?: Marker;
}

// A comment at the start of a line that our writer produced: "; disabled: www 300 IN A ...".
const MARKER = /^;[ \t]*(disabled|alias):[ \t]*(.*)$/;

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r';
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const QUOTE = 0x22;
// A lookup by char code: the scanner's inner loop runs once per byte of a 100,000-record file.
const BARE_END = new Uint8Array(128);
for (const c of ' \t\r\n;()') BARE_END[c.charCodeAt(0)] = 1;

interface Scan {
  records: LogicalRecord[];
  errors: ZoneFileError[];
}

/** Tokenizes `text`; line numbers start at `firstLine`. Never throws. */
export function scanZoneFile(text: string, firstLine = 1, markers = true): Scan {
  return runSteps(scanZoneFileSteps(text, firstLine, markers));
}

/** scanZoneFile, yielding every STEP_ITEMS lines. */
export function* scanZoneFileSteps(text: string, firstLine = 1, markers = true): Steps<Scan> {
  const records: LogicalRecord[] = [];
  const errors: ZoneFileError[] = [];
  let nextYield = firstLine + STEP_ITEMS;
  let line = firstLine;
  let depth = 0;
  let openedAt = 0;
  let current: LogicalRecord | undefined;
  let broken = false;
  let lineStart = true;

  const finish = (): void => {
    if (current && current.tokens.length > 0 && !broken) records.push(current);
    current = undefined;
    broken = false;
  };
  const push = (token: Token, ownerOmitted: boolean): void => {
    current ??= { line, ownerOmitted, tokens: [] };
    current.tokens.push(token);
  };

  let i = 0;
  let blankStart = false;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
      lineStart = true;
      blankStart = false;
      if (depth === 0) finish();
      if (line >= nextYield) {
        nextYield = line + STEP_ITEMS;
        yield;
      }
      continue;
    }
    if (lineStart && depth === 0) {
      blankStart = isBlank(c);
      lineStart = false;
      if (c === ';' && markers) {
        const end = text.indexOf('\n', i);
        const comment = text.slice(i, end < 0 ? text.length : end);
        const match = MARKER.exec(comment);
        if (match) scanMarker(match, line, records, errors);
        i = end < 0 ? text.length : end;
        continue;
      }
    }
    lineStart = false;
    if (isBlank(c)) {
      i++;
      continue;
    }
    if (c === ';') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (c === '(') {
      if (depth === 0) openedAt = line;
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      if (depth === 0) {
        errors.push({ line, message: 'A closing parenthesis ")" has no opening "(" before it.' });
        broken = true;
      } else depth--;
      i++;
      continue;
    }
    // A bare token or a quoted string; a quote inside a bare token (SVCB key="a b") stays in it.
    const quoted = c === '"';
    let j = quoted ? i + 1 : i;
    let inQuote = quoted;
    let unterminated = false;
    for (; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === BACKSLASH) {
        j++;
        continue;
      }
      if (d === NEWLINE) {
        unterminated = inQuote;
        break;
      }
      if (inQuote) {
        if (d === QUOTE) {
          inQuote = false;
          if (quoted) break;
        }
      } else if (d === QUOTE) inQuote = true;
      else if (BARE_END[d] === 1) break;
    }
    if (unterminated || (inQuote && j >= text.length)) {
      errors.push({
        line,
        message:
          'A quoted string is not closed on its line; close it, or write a quote inside it as \\".',
      });
      broken = true;
      i = j;
      continue;
    }
    const raw = quoted ? text.slice(i + 1, j) : text.slice(i, Math.min(j, text.length));
    push({ raw, quoted }, blankStart && !current);
    i = quoted ? j + 1 : j;
  }
  if (depth > 0) {
    errors.push({
      line: openedAt,
      message: 'An opening parenthesis "(" is never closed before the end of the file.',
    });
    broken = true;
  }
  finish();
  return { records, errors };
}

function scanMarker(
  match: RegExpExecArray,
  line: number,
  records: LogicalRecord[],
  errors: ZoneFileError[],
): void {
  const marker = match[1] === 'alias' ? 'alias' : 'disabled';
  const inner = scanZoneFile(match[2] ?? '', line, false);
  errors.push(...inner.errors);
  for (const r of inner.records) records.push({ ...r, ownerOmitted: false, marker });
}
