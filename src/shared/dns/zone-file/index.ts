// Zone files in and out (RFC 1035 section 5, as BIND writes them).

export { parseZoneFile, parseZoneFileSteps } from './parse';
export { rdataText, rrsetLines, writeZoneFile, zoneFileHeader, zoneFileLines } from './write';
export type { RRsetForFile, ValueForFile, ZoneForFile } from './write';
export { contentKey, sameValue } from './content-key';
export type {
  ParsedEntry,
  ParseOptions,
  SkippedLine,
  SkipReason,
  SoaValues,
  ZoneFileError,
  ZoneFileParse,
} from './types';
