// Octet counts of the pieces RDATA is made of, for each type's `wireBytes` (the size limits).

const utf8 = new TextEncoder();

export const utf8Bytes = (s: string): number => utf8.encode(s).length;

/** Wire length of a host name as stored ("mail.example.com." or "."). */
export function nameWireBytes(name: string): number {
  const labels = name.split('.').filter(Boolean);
  return labels.reduce((n, l) => n + 1 + l.length, 1);
}
