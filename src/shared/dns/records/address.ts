// A and AAAA: one address each, AAAA kept in RFC 5952 form so equal addresses get equal record ids.

import { canonicalIPv6, ipv6Problem, parseIPv4 } from '../ip';
import { err, ok, show } from '../result';
import type { Result } from '../result';
import { requireContent, splitFields } from './fields';
import type { RecordTypeSpec } from './types';

export interface AddressFields {
  address: string;
}

const A_EXPECTED = '<IPv4 address>';
const AAAA_EXPECTED = '<IPv6 address>';

function parseA(content: string): Result<AddressFields> {
  const present = requireContent(content, 'A', A_EXPECTED);
  if (!present.ok) return present;
  const s = present.value;
  if (splitFields(s).length > 1)
    return err(
      `A content holds one IPv4 address; add further addresses as separate records.`,
      A_EXPECTED,
    );
  if (s.includes(':'))
    return err(`A content ${show(s)} is an IPv6 address; use an AAAA record for it.`, A_EXPECTED);
  const v4 = parseIPv4(s);
  if (!v4.ok)
    return err(
      `A content ${show(s)} is not an IPv4 address such as 192.0.2.1: ${v4.problem}.`,
      A_EXPECTED,
    );
  return ok({ address: v4.octets.join('.') });
}

function parseAAAA(content: string): Result<AddressFields> {
  const present = requireContent(content, 'AAAA', AAAA_EXPECTED);
  if (!present.ok) return present;
  const s = present.value;
  if (splitFields(s).length > 1) {
    return err(
      `AAAA content holds one IPv6 address; add further addresses as separate records.`,
      AAAA_EXPECTED,
    );
  }
  const canonical = canonicalIPv6(s);
  if (canonical === undefined)
    return err(`AAAA content ${show(s)} is not an IPv6 address: ${ipv6Problem(s)}.`, AAAA_EXPECTED);
  return ok({ address: canonical });
}

export const aSpec: RecordTypeSpec<AddressFields> = {
  type: 'A',
  singleValue: false,
  description: 'IPv4 address',
  expected: A_EXPECTED,
  example: '192.0.2.1',
  parse: parseA,
  format: (f) => f.address.trim(),
  wireBytes: () => 4,
};

export const aaaaSpec: RecordTypeSpec<AddressFields> = {
  type: 'AAAA',
  singleValue: false,
  description: 'IPv6 address',
  expected: AAAA_EXPECTED,
  example: '2001:db8::1',
  parse: parseAAAA,
  format: (f) => canonicalIPv6(f.address.trim()) ?? f.address.trim(),
  wireBytes: () => 16,
};
