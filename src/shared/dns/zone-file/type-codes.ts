// Type numbers for the generic TYPEnnn spelling (RFC 3597) and the types import sets aside.

import type { RecordType } from '../records/index';

/** ALIAS has no number: it is ours, not a DNS type. */
export const TYPE_CODES: Partial<Record<number, RecordType>> = {
  1: 'A',
  2: 'NS',
  5: 'CNAME',
  12: 'PTR',
  15: 'MX',
  16: 'TXT',
  28: 'AAAA',
  33: 'SRV',
  44: 'SSHFP',
  52: 'TLSA',
  64: 'SVCB',
  65: 'HTTPS',
  257: 'CAA',
};

export const DNSSEC_CODES: Record<number, string> = {
  43: 'DS',
  46: 'RRSIG',
  47: 'NSEC',
  48: 'DNSKEY',
  50: 'NSEC3',
  51: 'NSEC3PARAM',
  59: 'CDS',
  60: 'CDNSKEY',
};

export const DNSSEC_TYPES: ReadonlySet<string> = new Set(Object.values(DNSSEC_CODES));

export const SOA_CODE = 6;
