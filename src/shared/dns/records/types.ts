// The record type list and the shape every type's spec follows.

import type { Result } from '../result';
import type { StructuredForm } from './parts';

export const RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'NS',
  'SRV',
  'PTR',
  'CAA',
  'TLSA',
  'SSHFP',
  'HTTPS',
  'SVCB',
  'ALIAS',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number];

export interface RecordTypeSpec<F> {
  type: RecordType;
  /** Only one value may exist per name (CNAME, ALIAS). */
  singleValue: boolean;
  description: string;
  /** The content shape, for messages and form placeholders. */
  expected: string;
  /** A valid content string already in canonical form. */
  example: string;
  /** Content usually longer than a line (text, hex digests): raw text boxes show several lines. */
  longContent?: boolean;
  /** Content text to structured fields; validates everything. */
  parse(content: string): Result<F>;
  /** Structured fields (as a form holds them) to canonical content text. */
  format(fields: F): string;
  /** RDATA octets of parsed fields, as the DNS server encodes them: the size limits use it. */
  wireBytes(fields: F): number;
  /** The sub-fields a form shows instead of one content text; absent for one-value types. */
  form?: StructuredForm<F>;
}
