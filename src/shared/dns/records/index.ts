// The record type registry: one spec per type, used by the API validation and the dashboard's record form.

import { err, ok } from '../result';
import type { Result } from '../result';
import { article } from './fields';
import { aSpec, aaaaSpec } from './address';
import type { AddressFields } from './address';
import { caaSpec } from './caa';
import type { CaaFields } from './caa';
import { aliasSpec, cnameSpec, nsSpec, ptrSpec } from './host';
import type { HostFields } from './host';
import { mxSpec, srvSpec } from './mx-srv';
import type { MxFields, SrvFields } from './mx-srv';
import { httpsSpec, svcbRecordSpec } from './svcb';
import type { SvcbFields } from './svcb';
import { sshfpSpec, tlsaSpec } from './tlsa-sshfp';
import type { SshfpFields, TlsaFields } from './tlsa-sshfp';
import { txtSpec } from './txt';
import type { TxtFields } from './txt';
import { contentLengthProblem, valueSizeProblem } from './size';
import { RECORD_TYPES } from './types';
import type { RecordType, RecordTypeSpec } from './types';

export { RECORD_TYPES } from './types';
export type { RecordType, RecordTypeSpec } from './types';
export type { AddressFields } from './address';
export type { CaaFields } from './caa';
export type { HostFields } from './host';
export type { MxFields, SrvFields } from './mx-srv';
export type { SvcbFields, SvcParam } from './svcb';
export type { SshfpFields, TlsaFields } from './tlsa-sshfp';
export type { TxtFields } from './txt';
export { txtToWireStrings, txtWireStrings } from './txt';
export { CAA_TAGS } from './caa';
export { SVC_FORM_KEYS } from './svcb-params';
export { isNumericPart } from './parts';
export type { ParamRow, PartDef, PartOption, StructuredForm, SubFields } from './parts';
export { CONTENT_MAX_CHARS, RRSET_MAX_BYTES, RR_FIXED, VALUE_MAX_BYTES } from './size';
export { nameWireBytes } from './wire-size';

export interface FieldsByType {
  A: AddressFields;
  AAAA: AddressFields;
  CNAME: HostFields;
  MX: MxFields;
  TXT: TxtFields;
  NS: HostFields;
  SRV: SrvFields;
  PTR: HostFields;
  CAA: CaaFields;
  TLSA: TlsaFields;
  SSHFP: SshfpFields;
  HTTPS: SvcbFields;
  SVCB: SvcbFields;
  ALIAS: HostFields;
}

export type FieldsOf<T extends RecordType> = FieldsByType[T];

export const RECORD_SPECS: { [T in RecordType]: RecordTypeSpec<FieldsOf<T>> } = {
  A: aSpec,
  AAAA: aaaaSpec,
  CNAME: cnameSpec,
  MX: mxSpec,
  TXT: txtSpec,
  NS: nsSpec,
  SRV: srvSpec,
  PTR: ptrSpec,
  CAA: caaSpec,
  TLSA: tlsaSpec,
  SSHFP: sshfpSpec,
  HTTPS: httpsSpec,
  SVCB: svcbRecordSpec,
  ALIAS: aliasSpec,
};

/** A type's spec seen with the fields of any type, for code that treats every type alike. */
export function specOf(type: RecordType): RecordTypeSpec<FieldsOf<RecordType>> {
  return RECORD_SPECS[type];
}

const TYPE_SET: ReadonlySet<string> = new Set(RECORD_TYPES);

export const SINGLE_VALUE_TYPES: ReadonlySet<RecordType> = new Set(
  RECORD_TYPES.filter((t) => RECORD_SPECS[t].singleValue),
);

/** Exact, upper-case match: what responses and stored rows carry. */
export function isRecordType(s: string): s is RecordType {
  return TYPE_SET.has(s);
}

/** Input from users and URLs: any case, surrounding spaces ignored. */
export function parseRecordType(s: string): RecordType | undefined {
  const upper = s.trim().toUpperCase();
  return isRecordType(upper) ? upper : undefined;
}

function normalizeWith<F>(spec: RecordTypeSpec<F>, content: string): Result<string> {
  // Length first: megabytes of text are refused before any parser walks them.
  const tooLong = contentLengthProblem(spec.type, content, spec.expected);
  if (tooLong) return tooLong;
  const trimmed = content.trim();
  if (trimmed === '')
    return err(
      `Content is empty; ${article(spec.type)} ${spec.type} record needs ${spec.expected}.`,
      spec.expected,
    );
  const parsed = spec.parse(trimmed);
  if (!parsed.ok) return { ...parsed, expected: parsed.expected ?? spec.expected };
  return (
    valueSizeProblem(spec.type, spec.wireBytes(parsed.value), spec.expected) ??
    ok(spec.format(parsed.value))
  );
}

/** RDATA octets of a parsed value, as the DNS server encodes it (ALIAS: as its target name). */
export function rdataBytes<T extends RecordType>(type: T, fields: FieldsOf<T>): number {
  return RECORD_SPECS[type].wireBytes(fields);
}

/** Canonical content text: equal records get equal text, hence equal record ids. */
export function normalizeContent(type: RecordType, content: string): Result<string> {
  return normalizeWith(specOf(type), content);
}
