// Zone names, record owner names and host names inside record content: one set of rules for API and forms.

import { parseIPv4, parseIPv6 } from './ip';
import { splitLabels, stripTrailingDot, toALabels, tooLongProblem } from './labels';
import type { LabelRules } from './labels';
import { err, ok, show } from './result';
import type { Result } from './result';

const ZONE_RULES: LabelRules = {
  underscore: false,
  hyphenAtEdges: false,
  wildcardProblem: 'a zone name cannot contain "*"',
};
const RECORD_RULES: LabelRules = {
  underscore: true,
  hyphenAtEdges: true,
  wildcardProblem: 'a wildcard "*" can only be the whole leftmost label, as in *.dev',
};
const HOST_RULES: LabelRules = {
  underscore: true,
  hyphenAtEdges: true,
  wildcardProblem: 'a host name in record content cannot contain a wildcard "*"',
};

/**
 * The longest zone name: the SOA of every answer about the zone (NXDOMAIN, NODATA, the SOA
 * itself) names the mailbox hostmaster.<zone>, and a name is at most 253 characters (255 octets
 * in wire form). A longer zone could be created, and then not one of its answers encoded.
 */
export const ZONE_NAME_MAX = 253 - 'hostmaster.'.length;

/**
 * The SOA's mailbox (RNAME), without the final dot: hostmaster.<zone>; for a zone too long for
 * it (one created before ZONE_NAME_MAX, up to 253 characters), hostmaster at the domain of the
 * primary nameserver `mname`, the provider's own, so that every answer can still be encoded.
 */
export function soaMailbox(zone: string, mname: string): string {
  const apex = zone.replace(/\.$/, '');
  const own = `hostmaster.${apex}`;
  if (own.length <= 253) return own;
  const host = mname.replace(/\.$/, '');
  const dot = host.indexOf('.');
  const provider = `hostmaster.${dot > 0 ? host.slice(dot + 1) : 'invalid'}`;
  // A nameserver named inside the zone itself (no nameservers configured) is as long.
  return provider.length <= 253 ? provider : 'hostmaster.invalid';
}

/** "example.com" from "Example.COM." or "bücher.example": lower case, xn-- labels, no trailing dot. */
export function normalizeZoneName(input: string): Result<string> {
  const trimmed = input.trim();
  if (trimmed === '')
    return err('Zone name must not be empty; enter a domain such as example.com.');
  const labels = toALabels(splitLabels(stripTrailingDot(trimmed).name), ZONE_RULES);
  if (!labels.ok) return err(`Zone name ${show(trimmed)} is invalid: ${labels.problem}.`);
  if (labels.value.length < 2) {
    return err(`Zone name ${show(trimmed)} needs at least two labels, such as example.com.`);
  }
  const name = labels.value.join('.');
  const long = tooLongProblem(name);
  if (long) return err(`Zone name ${show(trimmed)} is invalid: ${long}.`);
  if (name.length > ZONE_NAME_MAX) {
    return err(
      `Zone name ${show(trimmed)} is ${name.length} characters long; a zone name may have at most ${ZONE_NAME_MAX}, so that its SOA's mailbox, hostmaster.<zone>, fits the 253 characters of a DNS name.`,
    );
  }
  // No top-level domain is all digits (RFC 3696 2), so such a name is an address, not a domain.
  if (/^\d+$/.test(labels.value.at(-1)!))
    return err(numericZoneProblem(show(trimmed), labels.value));
  return ok(name);
}

function numericZoneProblem(shown: string, labels: string[]): string {
  const ipv4 = labels.length === 4 && labels.every((l) => /^\d{1,3}$/.test(l) && Number(l) < 256);
  if (!ipv4) {
    return `Zone name ${shown} ends in an all-digit label, which no top-level domain is; enter a domain such as example.com.`;
  }
  const reverse = labels.slice(0, 3).reverse().join('.');
  return `Zone name ${shown} is an IP address, not a domain; for the reverse DNS of its /24 network create the zone ${reverse}.in-addr.arpa.`;
}

function cleanZone(zone: string): string {
  return zone.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * An owner name as given to the API: "@", relative ("www", "*.dev"), or absolute inside the zone
 * ("www.example.com."). Without a trailing dot a name is always relative, as in zone files.
 */
export function normalizeRecordName(
  input: string,
  zone: string,
): Result<{ fqdn: string; relative: string }> {
  const origin = cleanZone(zone);
  const trimmed = input.trim();
  if (trimmed === '') return err('Record name must not be empty; use @ for the zone apex.');
  if (trimmed === '@') return ok({ fqdn: `${origin}.`, relative: '@' });
  const { name, absolute } = stripTrailingDot(trimmed);
  if (absolute && name === '') {
    return err(
      `Record name "." is the DNS root, outside the zone ${origin}; use @ for the zone apex.`,
    );
  }
  const parts = splitLabels(name);
  // A wildcard is the whole leftmost label (RFC 4592); anywhere else "*" is just a bad character.
  const wildcard = parts.length > 0 && parts[0] === '*';
  const labels = toALabels(wildcard ? parts.slice(1) : parts, RECORD_RULES);
  if (!labels.ok) return err(`Record name ${show(trimmed)} is invalid: ${labels.problem}.`);
  const converted = [...(wildcard ? ['*'] : []), ...labels.value].join('.');
  let relative: string;
  if (!absolute) {
    relative = converted;
  } else if (converted === origin) {
    relative = '@';
  } else if (converted.endsWith(`.${origin}`)) {
    relative = converted.slice(0, -origin.length - 1);
  } else {
    return err(
      `Record name ${show(trimmed)} is outside the zone ${origin}; use a relative name such as "www" or an absolute name ending in ".${origin}.".`,
    );
  }
  const full = relative === '@' ? origin : `${relative}.${origin}`;
  const long = tooLongProblem(full);
  if (long) return err(`Record name ${show(trimmed)} is too long: ${long}.`);
  return ok({ fqdn: `${full}.`, relative });
}

export interface HostnameOptions {
  /** "." is meaningful for MX (null MX), SRV (no service) and SVCB/HTTPS (the owner name). */
  allowRoot?: boolean;
  /** How messages name the field, for example "MX mail host". */
  what?: string;
}

/** A host name inside record content, always fully qualified: "mail.example.com." */
export function normalizeHostname(input: string, opts: HostnameOptions = {}): Result<string> {
  const what = opts.what ?? 'Host name';
  const trimmed = input.trim();
  if (trimmed === '')
    return err(`${what} must not be empty; enter a host name such as mail.example.com.`);
  if (trimmed === '.') {
    return opts.allowRoot
      ? ok('.')
      : err(`${what} cannot be the root "."; enter a host name such as mail.example.com.`);
  }
  const { name } = stripTrailingDot(trimmed);
  // Names made only of digits are legal DNS but almost always an address typed in the wrong place.
  if (parseIPv4(name).ok || (name.includes(':') && parseIPv6(name) !== undefined)) {
    return err(
      `${what} ${show(trimmed)} is an IP address, but a host name is expected; point it at a name that has an A or AAAA record.`,
    );
  }
  const labels = toALabels(splitLabels(name), HOST_RULES);
  if (!labels.ok) return err(`${what} ${show(trimmed)} is invalid: ${labels.problem}.`);
  const host = labels.value.join('.');
  const long = tooLongProblem(host);
  return long ? err(`${what} ${show(trimmed)} is too long: ${long}.`) : ok(`${host}.`);
}

/** "@" for the apex, "www" for www.example.com. in example.com; names outside the zone stay absolute. */
export function relativeName(fqdn: string, zone: string): string {
  const origin = cleanZone(zone);
  const name = fqdn.trim().toLowerCase().replace(/\.$/, '');
  if (name === origin) return '@';
  if (name.endsWith(`.${origin}`)) return name.slice(0, -origin.length - 1);
  return `${name}.`;
}
