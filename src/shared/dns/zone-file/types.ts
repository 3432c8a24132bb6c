// What the zone-file parser answers: entries to import, lines it skipped and why, errors by line.

import type { RecordType } from '../records/index';

/** One record read from the file, ready for the store: absolute lower-case name, canonical content. */
export interface ParsedEntry {
  /** 1-based line where the record starts. */
  line: number;
  /** Absolute, lower-case, trailing dot: "www.example.com." */
  name: string;
  type: RecordType;
  /** Undefined when neither the line, $TTL, an earlier record nor the caller gave one. */
  ttl: number | undefined;
  /** Canonical content, through the registry's normalizeContent. */
  content: string;
  /** Written commented out as "; disabled: ..." (our own export does this). */
  disabled: boolean;
}

export type SkipReason =
  'soa' | 'dnssec' | 'unsupported_type' | 'out_of_zone' | 'unsupported_directive';

export interface SoaValues {
  mname: string;
  rname: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

export interface SkippedLine {
  line: number;
  reason: SkipReason;
  /** The owner name (absolute), when the line is a record. */
  name?: string;
  /** The type as written, upper case ("HINFO", "TYPE65534"); the directive for unsupported_directive. */
  type?: string;
  /** The SOA's values, when the line is an SOA record that parses. */
  soa?: SoaValues;
}

export interface ZoneFileError {
  /** 1-based line the problem is on. */
  line: number;
  message: string;
  /** "name", "ttl", "class", "type", or the registry's sub-field ("priority", "params"...). */
  field?: string;
}

export interface ZoneFileParse {
  entries: ParsedEntry[];
  skipped: SkippedLine[];
  errors: ZoneFileError[];
}

export interface ParseOptions {
  /** The zone the file is imported into: "example.com" or "example.com." */
  origin: string;
  /** TTL for records that have none and come before any $TTL or explicit TTL. */
  defaultTtl?: number;
}
