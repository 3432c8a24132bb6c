// Character strings with \" \\ \X and \DDD escapes (RFC 1035 section 5.1), shared by TXT, CAA and SVCB.

import type { Checked } from '../labels';

// C0 and C1 controls and DEL; tab is the one control character people legitimately paste.
const CONTROL = /[^\P{Cc}\t]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** Why text cannot be stored as record content, or undefined when it can. */
export function textProblem(s: string): string | undefined {
  const control = CONTROL.exec(s);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return `it contains the control character U+${code}; only tab is allowed`;
  }
  if (LONE_SURROGATE.test(s)) return 'it contains invalid Unicode (a lone surrogate)';
  return undefined;
}

/** Index just past the closing quote of the string that opens at `start`, or -1 when it never closes. */
export function closingQuote(s: string, start: number): number {
  for (let i = start + 1; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
  }
  return -1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Resolves escapes: \DDD is one byte (a run of them is read as UTF-8), \X is X itself. */
export function unescapeText(raw: string): Checked<string> {
  let out = '';
  let bytes: number[] = [];
  const flush = (): boolean => {
    if (bytes.length === 0) return true;
    try {
      out += utf8.decode(new Uint8Array(bytes));
    } catch {
      return false;
    }
    bytes = [];
    return true;
  };
  const badBytes = {
    ok: false as const,
    problem: 'its \\DDD escapes do not form valid UTF-8 text',
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] ?? '';
    const next = raw[i + 1];
    if (c === '\\' && next !== undefined && next >= '0' && next <= '9') {
      const ddd = raw.slice(i + 1, i + 4);
      if (!/^\d{3}$/.test(ddd) || Number(ddd) > 255) {
        return {
          ok: false,
          problem: `the escape \\${ddd} is not \\DDD with three digits from 000 to 255`,
        };
      }
      bytes.push(Number(ddd));
      i += 3;
      continue;
    }
    if (!flush()) return badBytes;
    if (c !== '\\') {
      out += c;
    } else if (next === undefined) {
      return { ok: false, problem: 'it ends with a lone backslash; write \\\\ for a backslash' };
    } else {
      out += next;
      i++;
    }
  }
  if (!flush()) return badBytes;
  const problem = textProblem(out);
  return problem ? { ok: false, problem } : { ok: true, value: out };
}

/** A quoted string with the minimal escaping that reads back to the same text. */
export function quoteText(s: string): string {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
