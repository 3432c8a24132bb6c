// parseZoneFile: a whole master file read into entries, skipped lines and errors. Never throws.

import { runSteps, STEP_ITEMS, type Steps } from '../../steps';
import { normalizeRecordName } from '../names';
import { readHeader } from './header';
import { absoluteText, cleanOrigin, decodeName, inZone } from './names';
import { recordContent } from './rdata';
import { readSoa } from './soa';
import { scanZoneFileSteps } from './tokens';
import type { LogicalRecord } from './tokens';
import { parseTtl } from './ttl';
import type { ParseOptions, ZoneFileParse } from './types';

interface State {
  zone: string;
  /** The current $ORIGIN: lower-case, no trailing dot, "" for the root. */
  origin: string;
  dollarTtl: number | undefined;
  lastTtl: number | undefined;
  lastOwner: string | undefined;
}

export function parseZoneFile(text: string, options: ParseOptions): ZoneFileParse {
  return runSteps(parseZoneFileSteps(text, options));
}

/** parseZoneFile, yielding between pieces of a few hundred lines (server/slices.ts runs it). */
export function* parseZoneFileSteps(text: string, options: ParseOptions): Steps<ZoneFileParse> {
  const out: ZoneFileParse = { entries: [], skipped: [], errors: [] };
  try {
    const zone = cleanOrigin(options.origin);
    const state: State = {
      zone,
      origin: zone,
      dollarTtl: undefined,
      lastTtl: options.defaultTtl,
      lastOwner: undefined,
    };
    // A byte-order mark from an editor on Windows is not part of the first owner name.
    const scan = yield* scanZoneFileSteps(text.startsWith('\uFEFF') ? text.slice(1) : text);
    out.errors.push(...scan.errors);
    for (let i = 0; i < scan.records.length; i++) {
      readRecord(scan.records[i]!, state, out);
      if (i % STEP_ITEMS === STEP_ITEMS - 1) yield;
    }
    out.errors.sort((a, b) => a.line - b.line);
  } catch (e) {
    // A bug of ours must not take an import down: the caller gets it as an error on line 1.
    out.errors.push({ line: 1, message: `The file could not be read: ${String(e)}.` });
  }
  return out;
}

function readDirective(record: LogicalRecord, state: State, out: ZoneFileParse): void {
  const [head, arg, ...extra] = record.tokens;
  const directive = (head?.raw ?? '').toUpperCase();
  const { line } = record;
  if (directive === '$INCLUDE' || directive === '$GENERATE') {
    out.skipped.push({ line, reason: 'unsupported_directive', type: directive });
    return;
  }
  if (directive !== '$ORIGIN' && directive !== '$TTL') {
    out.errors.push({
      line,
      message: `Unknown directive ${head?.raw ?? ''}; expected $ORIGIN or $TTL.`,
    });
    return;
  }
  if (!arg || arg.quoted || extra.length > 0) {
    out.errors.push({ line, message: `${directive} takes one value.` });
    return;
  }
  if (directive === '$TTL') {
    const ttl = parseTtl(arg.raw);
    if (ttl === undefined) {
      out.errors.push({
        line,
        field: 'ttl',
        message: `$TTL ${JSON.stringify(arg.raw)} is not a valid TTL.`,
      });
    } else state.dollarTtl = ttl;
    return;
  }
  const name = decodeName(absoluteText(arg.raw, state.origin));
  if (name.ok) state.origin = name.name;
  else out.errors.push({ line, field: 'name', message: `$ORIGIN is invalid: ${name.problem}.` });
}

function readRecord(record: LogicalRecord, state: State, out: ZoneFileParse): void {
  const { line, tokens } = record;
  const [first] = tokens;
  if (!record.ownerOmitted && first && !first.quoted && first.raw.startsWith('$')) {
    // A marked comment is still a comment to BIND: "; disabled: $ORIGIN x." changes nothing.
    if (!record.marker) readDirective(record, state, out);
    return;
  }
  let owner: string;
  if (record.ownerOmitted) {
    if (state.lastOwner === undefined) {
      out.errors.push({
        line,
        field: 'name',
        message: 'The record starts with a blank but no earlier record gives its owner name.',
      });
      return;
    }
    owner = state.lastOwner;
  } else {
    const decoded = first?.quoted
      ? undefined
      : decodeName(absoluteText(first?.raw ?? '', state.origin));
    if (!decoded?.ok) {
      const why = decoded ? decoded.problem : 'a name cannot be quoted';
      out.errors.push({ line, field: 'name', message: `The owner name is invalid: ${why}.` });
      return;
    }
    owner = decoded.name;
    // Our own marked comments are comments to BIND: they do not set the owner of the next line.
    if (!record.marker) state.lastOwner = owner;
  }
  const header = readHeader(record.ownerOmitted ? tokens : tokens.slice(1));
  if (!header.ok) {
    out.errors.push({ line, field: header.field, message: header.message });
    return;
  }
  if (header.ttl !== undefined && !record.marker) state.lastTtl = header.ttl;
  const ttl = header.ttl ?? state.dollarTtl ?? state.lastTtl;
  const name = `${owner}.`;
  const { type } = header;
  if (type.kind === 'soa') {
    const soa = readSoa(header.data, state.origin);
    out.skipped.push(
      soa
        ? { line, reason: 'soa', name, type: 'SOA', soa }
        : { line, reason: 'soa', name, type: 'SOA' },
    );
    if (soa && state.lastTtl === undefined && state.dollarTtl === undefined)
      state.lastTtl = soa.minimum;
    return;
  }
  if (!inZone(owner, state.zone)) {
    const written = type.kind === 'record' ? type.type : type.name;
    out.skipped.push({ line, reason: 'out_of_zone', name, type: written });
    return;
  }
  if (type.kind !== 'record') {
    out.skipped.push({
      line,
      reason: type.kind === 'dnssec' ? 'dnssec' : 'unsupported_type',
      name,
      type: type.name,
    });
    return;
  }
  const checked = normalizeRecordName(name, state.zone);
  if (!checked.ok) {
    out.errors.push({ line, field: 'name', message: checked.message });
    return;
  }
  const content = recordContent(type.type, header.data, state.origin);
  if (!content.ok) {
    out.errors.push(
      content.field === undefined
        ? { line, message: content.message }
        : { line, message: content.message, field: content.field },
    );
    return;
  }
  out.entries.push({
    line,
    name: checked.value.fqdn,
    type: type.type,
    ttl,
    content: content.content,
    disabled: record.marker === 'disabled',
  });
}
