// Names in a zone file: "@", relative to the current $ORIGIN, absolute with a trailing dot, escapes.

/** True when the name ends with a dot that is not escaped ("a.b." yes, "a\." no). */
export function isAbsolute(raw: string): boolean {
  if (!raw.endsWith('.')) return false;
  let slashes = 0;
  for (let i = raw.length - 2; i >= 0 && raw[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

/** Presentation text of an absolute name: "@" is the origin, relative names get it appended. */
export function absoluteText(raw: string, origin: string): string {
  if (raw === '@') return origin === '' ? '.' : `${origin}.`;
  if (isAbsolute(raw)) return raw;
  return origin === '' ? `${raw}.` : `${raw}.${origin}.`;
}

/**
 * Resolves escapes in an absolute name and answers its labels joined by dots, lower case, no
 * trailing dot ("" for the root); a problem when a label holds a dot or a control character,
 * which our names cannot store.
 */
export function decodeName(
  text: string,
): { ok: true; name: string } | { ok: false; problem: string } {
  if (text === '.') return { ok: true, name: '' };
  if (!text.includes('\\')) return { ok: true, name: text.slice(0, -1).toLowerCase() };
  let out = '';
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i] ?? '';
    if (c !== '\\') {
      out += c;
      continue;
    }
    const ddd = /^\d{3}/.exec(text.slice(i + 1, i + 4));
    const ch = ddd ? String.fromCharCode(Number(ddd[0])) : (text[i + 1] ?? '');
    i += ddd ? 3 : 1;
    if (ch === '.' || ch.charCodeAt(0) < 0x21 || ch.charCodeAt(0) > 0x7e) {
      return {
        ok: false,
        problem: `the escape in ${JSON.stringify(text)} stands for a character names here cannot hold (a dot, blank or non-ASCII byte inside a label)`,
      };
    }
    out += ch;
  }
  return { ok: true, name: out.toLowerCase() };
}

/** The zone itself, as the caller spelled it, to compare names against: "example.com". */
export function cleanOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/\.$/, '');
}

export function inZone(name: string, zone: string): boolean {
  return name === zone || name.endsWith(`.${zone}`);
}
