// DNS names as the DNS server handles them: lower-case (ASCII only, as DNS compares), no
// trailing dot, labels kept as latin1 strings so that any byte of a query survives.

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
// Appending \x00 to the first label gives a name after `name` and all its descendants;
// decrementing its last octet and appending \xff gives one just before `name`. Neither can be
// a stored name (stored labels are letters, digits, '-', '_' and '*'), so the range between
// them covers `name` and its subtree and nothing that exists.

export function successorOf(name: string): string {
  const dot = name.indexOf('.');
  const first = dot < 0 ? name : name.slice(0, dot);
  const rest = dot < 0 ? '' : name.slice(dot);
  const label = first.length < 63 ? `${first}\x00` : bump(first);
  return label + rest;
}

export function predecessorOf(name: string): string {
  const dot = name.indexOf('.');
  const first = dot < 0 ? name : name.slice(0, dot);
  const rest = dot < 0 ? '' : name.slice(dot);
  const last = first.charCodeAt(first.length - 1);
  if (last === 0) return first.slice(0, -1) + rest;
  let dec = last - 1;
  if (dec >= 0x41 && dec <= 0x5a) dec = 0x40; // upper case sorts as lower case: skip it
  const label = first.slice(0, -1) + String.fromCharCode(dec);
  return (label.length < 63 ? `${label}\xff` : label) + rest;
}

function bump(label: string): string {
  const last = label.charCodeAt(label.length - 1);
  let inc = Math.min(last + 1, 0xff);
  if (inc >= 0x41 && inc <= 0x5a) inc = 0x5b;
  return label.slice(0, -1) + String.fromCharCode(inc);
}
