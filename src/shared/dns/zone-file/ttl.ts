// TTLs as BIND reads them: seconds, or units such as 1h30m, 1d, 2W (case-insensitive).

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
const MAX_TTL = 2 ** 31 - 1;

/** Seconds, or undefined when the text is not a TTL (or above the RFC 2181 maximum). */
export function parseTtl(text: string): number | undefined {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n <= MAX_TTL ? n : undefined;
  }
  if (!/^(\d+[smhdw])+$/i.test(text)) return undefined;
  let total = 0;
  for (const [, n, unit] of text.toLowerCase().matchAll(/(\d+)([smhdw])/g)) {
    total += Number(n) * (UNIT_SECONDS[unit ?? 's'] ?? 1);
  }
  return total <= MAX_TTL ? total : undefined;
}

/** A token in the TTL position: starts with a digit (no type or class does). */
export function looksLikeTtl(text: string): boolean {
  return /^\d/.test(text);
}
