// IPv4 and IPv6 text parsing and RFC 5952 formatting, shared by A/AAAA and the SVCB address hints.

/** Octets of a dotted quad, or why it is not one (leading zeros are refused: some tools read them as octal). */
export function parseIPv4(
  s: string,
): { ok: true; octets: number[] } | { ok: false; problem: string } {
  const parts = s.split('.');
  if (parts.length !== 4) return { ok: false, problem: 'it needs four numbers separated by dots' };
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part))
      return { ok: false, problem: `${JSON.stringify(part)} is not a number from 0 to 255` };
    if (part.length > 1 && part.startsWith('0')) {
      return { ok: false, problem: `${JSON.stringify(part)} has a leading zero; write it without` };
    }
    const n = Number(part);
    if (n > 255) return { ok: false, problem: `${part} is above 255` };
    octets.push(n);
  }
  return { ok: true, octets };
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  for (const g of text.split(':')) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return undefined;
    groups.push(parseInt(g, 16));
  }
  return groups;
}

/** The eight 16-bit groups of an IPv6 address in text form, or undefined when it is not one. */
export function parseIPv6(input: string): number[] | undefined {
  let s = input;
  if (!/^[0-9a-f:.]+$/i.test(s)) return undefined;
  // An embedded IPv4 tail stands for the last two groups; rewrite it as hex and parse on.
  if (s.includes('.')) {
    const cut = s.lastIndexOf(':');
    if (cut < 0) return undefined;
    const v4 = parseIPv4(s.slice(cut + 1));
    if (!v4.ok) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = v4.octets;
    s = `${s.slice(0, cut + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const gap = s.indexOf('::');
  if (gap < 0) {
    const groups = parseGroups(s);
    return groups && groups.length === 8 ? groups : undefined;
  }
  if (s.indexOf('::', gap + 1) >= 0) return undefined;
  const head = parseGroups(s.slice(0, gap));
  const tail = parseGroups(s.slice(gap + 2));
  // "::" must stand for at least one zero group.
  if (!head || !tail || head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** RFC 5952 text: lower case, no leading zeros, the first longest run of 2+ zero groups as "::". */
export function formatIPv6(groups: readonly number[]): string {
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) {
    // RFC 5952 section 5: IPv4-mapped addresses keep the dotted IPv4 tail.
    const hi = groups[6] ?? 0;
    const lo = groups[7] ?? 0;
    return `::ffff:${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

/** Why a string is not an IPv6 address, naming the usual mistakes (zone id, prefix, brackets). */
export function ipv6Problem(s: string): string {
  if (s.includes('%')) return 'zone identifiers such as "%eth0" are not allowed';
  if (s.includes('/')) return 'prefix lengths such as "/64" are not allowed; give a single address';
  if (s.startsWith('[') || s.endsWith(']')) return 'remove the square brackets';
  if (/^[\d.]+$/.test(s)) return 'it looks like an IPv4 address; use an A record for IPv4';
  return 'it is not valid IPv6 text such as 2001:db8::1';
}

/** Canonical RFC 5952 form of an IPv6 address, or undefined when the text is not one. */
export function canonicalIPv6(s: string): string | undefined {
  const groups = parseIPv6(s);
  return groups ? formatIPv6(groups) : undefined;
}
