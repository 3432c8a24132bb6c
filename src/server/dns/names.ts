// DNS names as the DNS server handles them: lower-case (ASCII only, as DNS compares), no
// trailing dot, labels kept as latin1 strings so that any byte of a query survives.

/**
 * A dot inside a label (`a\.b`, legal in a query) is held as this character, which no latin1
 * text holds, so that splitting at '.' still finds the labels; it is the octet 0x2e on the wire
 * and in canonical order (octetAt, charOfOctet, nameWire).
 */
export const LABEL_DOT = '\u2024';

/** The octet a name character stands for. */
export function octetAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c === 0x2024 ? 0x2e : c;
}

/** The name character for an octet. */
export function charOfOctet(octet: number): string {
  return octet === 0x2e ? LABEL_DOT : String.fromCharCode(octet);
}

export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** `www.example.com.` (store form) → `www.example.com`. */
export function bare(fqdn: string): string {
  return fqdn.endsWith('.') ? fqdn.slice(0, -1) : fqdn;
}

export function parentOf(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1);
}

export function labelCount(name: string): number {
  return name === '' ? 0 : name.split('.').length;
}

/** True when `name` is `ancestor` or below it. */
export function isAtOrBelow(name: string, ancestor: string): boolean {
  return name === ancestor || name.endsWith(`.${ancestor}`);
}

/** The name one label below `ancestor` on the way down to `name` (name must be below it). */
export function childToward(name: string, ancestor: string): string {
  const rest = name.slice(0, name.length - ancestor.length - 1);
  const lastDot = rest.lastIndexOf('.');
  return `${rest.slice(lastDot + 1)}.${ancestor}`;
}

// Canonical-order neighbours (RFC 4034 6.1) for minimally covering NSEC records (RFC 4470).
// The range (predecessorOf(n), successorOf(n)) must hold `n` and its subtree and no other name
// that could exist: the synthetic bounds use \x00 and \xff octets, which no stored name has
// (stored labels are letters, digits, '-', '_' and '*'). Every bound keeps `n`'s parent as the
// longest ancestor it shares with `n`, which is how a validator finds the closest encloser.

const MAX_LABEL = 63;

function splitFirst(name: string): [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
}

/** The smallest name after `name` and all of its descendants. */
export function successorOf(name: string): string {
  const [first, rest] = splitFirst(name);
  if (first.length < MAX_LABEL) return `${first}\x00${rest}`;
  // A full-length label cannot grow: the next label at this level is the label with its last
  // octet below \xff raised by one (and anything after it dropped).
  const trimmed = first.replace(/\xff+$/, '');
  if (!trimmed) return `${first}${rest}`; // 63 × \xff: nothing sorts after it at this level
  let inc = octetAt(trimmed, trimmed.length - 1) + 1;
  if (inc >= 0x41 && inc <= 0x5a) inc = 0x5b; // upper case sorts as lower case: skip it
  return trimmed.slice(0, -1) + charOfOctet(inc) + rest;
}

/**
 * A name just before `name` that is after every name that could exist before it; null when
 * that is `name`'s parent itself (the first label is a lone \x00), whose real NSEC must serve.
 */
export function predecessorOf(name: string): string | null {
  const [first, rest] = splitFirst(name);
  const last = octetAt(first, first.length - 1);
  if (last === 0) {
    // "x\x00" follows "x" and the whole subtree of "x": the bound is a (synthetic) last
    // descendant of "x", not "x" itself, which may exist.
    const shorter = first.slice(0, -1);
    return shorter ? `\xff.${shorter}${rest}` : null;
  }
  let dec = last - 1;
  if (dec >= 0x41 && dec <= 0x5a) dec = 0x40; // upper case sorts as lower case: skip it
  const label = first.slice(0, -1) + charOfOctet(dec);
  // After `label` come its own descendants, then longer labels: bound above both.
  return label.length < MAX_LABEL ? `${label}\xff${rest}` : `\xff.${label}${rest}`;
}
