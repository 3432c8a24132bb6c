// What a parsed zone file asks of the zone, before the store is read: the RRsets it describes,
// and every line it does not import, with the reason in words a user can act on.
import type {
  ImportError,
  ImportMode,
  ImportSkipped,
  ImportWarning,
} from '../../shared/api/zone-file';
import type { RRsetState } from '../../shared/api/changes';
import type { RecordType } from '../../shared/dns/records';
import { contentKey } from '../../shared/dns/zone-file';
import type { SkippedLine, ZoneFileParse } from '../../shared/dns/zone-file';
import { STEP_ITEMS, type Steps } from '../../shared/steps';
import { TTL_MAX, TTL_MIN } from '../../shared/dns/limits';
import { byContent, rrsetKey, type NonNullState, type States } from './journal';

/** One value of the file: its canonical content and the line it came from. */
interface FileValue {
  content: string;
  disabled: boolean;
  line: number;
}

/** An RRset as the file writes it: the first line's TTL, values keyed by what they serve. */
export interface FileRRset {
  line: number;
  type: RecordType;
  ttl: number;
  values: Map<string, FileValue>;
}

export interface ImportPlan {
  /** By rrsetKey. */
  rrsets: Map<string, FileRRset>;
  recordsRead: number;
  skipped: ImportSkipped[];
  errors: ImportError[];
  warnings: ImportWarning[];
}

function skipMessage(s: SkippedLine, zone: string): string {
  switch (s.reason) {
    case 'soa':
      return 'The SOA is the service’s own (its serial counts every change); this one is not imported.';
    case 'dnssec':
      if (s.type === 'DS' && s.name !== `${zone}.`)
        return 'DS is not among the 14 types the service serves, so a delegated subdomain’s DS cannot be published here; not imported.';
      return `${s.type ?? 'This'} is a DNSSEC record: the service signs the zone itself once DNSSEC is on (DNSSEC tab); not imported.`;
    case 'unsupported_type':
      return `${s.type ?? 'This type'} is not one of the 14 record types the service serves; not imported.`;
    case 'out_of_zone':
      return `${s.name ?? 'This name'} is outside the zone ${zone}.; not imported (import it into the zone it belongs to).`;
    case 'unsupported_directive':
      return s.type === '$GENERATE'
        ? '$GENERATE is not supported: write out the records it would generate.'
        : '$INCLUDE is not supported (the file it names is not read): paste that file’s records in its place.';
  }
}

/** The zone a file fills: its name, its TTL, and which zone hosted below it answers a name. */
export interface ZoneToFill {
  name: string;
  ttl: number;
  answeredBy?: (fqdn: string) => string | undefined;
}

const APEX_NS =
  'The NS records at the apex are the service’s own (the zone’s assigned nameservers); not imported. Delegations below the apex are.';

/**
 * Reads the parse into the RRsets to import. Lines in `exclude` are left out (an error on such a
 * line is no longer an error); a TTL differing inside an RRset and a repeated value are imported
 * as the DNS serves them (one TTL per RRset, RFC 2181; one copy of a value) with a warning.
 */
export function* planImport(
  parse: ZoneFileParse,
  zone: ZoneToFill,
  exclude: ReadonlySet<number>,
): Steps<ImportPlan> {
  const plan: ImportPlan = {
    rrsets: new Map(),
    recordsRead: parse.entries.length,
    skipped: [],
    errors: [],
    warnings: [],
  };
  const apex = `${zone.name.replace(/\.$/, '')}.`;
  const excluded = (line: number, why: string) =>
    plan.skipped.push({ line, reason: 'excluded', message: `Left out, as you asked${why}.` });

  for (const s of parse.skipped) {
    const { line, reason, name, type } = s;
    plan.skipped.push({
      line,
      reason,
      ...(name === undefined ? {} : { name }),
      ...(type === undefined ? {} : { type }),
      message: skipMessage(s, apex.slice(0, -1)),
    });
  }
  for (const e of parse.errors) {
    if (exclude.has(e.line)) excluded(e.line, ` (it had an error: ${e.message})`);
    else plan.errors.push(e);
  }
  for (let i = 0; i < parse.entries.length; i++) {
    if (i % STEP_ITEMS === STEP_ITEMS - 1) yield;
    const e = parse.entries[i]!;
    if (exclude.has(e.line)) {
      excluded(e.line, '');
      continue;
    }
    // A name another zone hosted here answers for (ADR 0030) goes into that zone; the
    // delegation to it (NS at its name) and glue addresses stay this zone's to hold.
    const child = e.type === 'A' || e.type === 'AAAA' ? undefined : zone.answeredBy?.(e.name);
    // The NS of a child's delegation are its nearest hosted parent's: this zone's, unless
    // another zone lies between.
    const other =
      child && e.type === 'NS' && e.name === `${child}.`
        ? zone.answeredBy?.(child.slice(child.indexOf('.') + 1))
        : child;
    if (other) {
      plan.skipped.push({
        line: e.line,
        reason: 'other_zone',
        name: e.name,
        type: e.type,
        message: `${other} is a zone of its own here, and it answers for ${e.name.replace(/\.$/, '')}: import this line into ${other} instead.`,
      });
      continue;
    }
    if (e.type === 'NS' && e.name === apex) {
      plan.skipped.push({
        line: e.line,
        reason: 'apex_ns',
        name: e.name,
        type: 'NS',
        message: APEX_NS,
      });
      continue;
    }
    const key = rrsetKey(e);
    const ttl = e.ttl ?? zone.ttl;
    // The RRset's TTL is its first line's: a later line's TTL is only a warning (below).
    if (!plan.rrsets.has(key) && (ttl < TTL_MIN || ttl > TTL_MAX)) {
      plan.errors.push({
        line: e.line,
        field: 'ttl',
        message: `TTL ${ttl} is outside ${TTL_MIN} to ${TTL_MAX} seconds, the TTLs a record may have here; write one in that range on this line (or in the $TTL that gives it), or leave the line out.`,
      });
      continue;
    }
    let set = plan.rrsets.get(key);
    if (!set) {
      set = { line: e.line, type: e.type, ttl, values: new Map() };
      plan.rrsets.set(key, set);
    } else if (set.ttl !== ttl) {
      plan.warnings.push({
        line: e.line,
        message: `TTL ${ttl} differs from the TTL ${set.ttl} of the same RRset on line ${set.line}; an RRset has one TTL, so ${set.ttl} is used.`,
      });
    }
    const vkey = contentKey(e.type, e.content);
    const same = set.values.get(vkey);
    if (same) {
      plan.warnings.push({
        line: e.line,
        message: `Repeats the ${e.type} value of line ${same.line}; it is imported once.`,
      });
      continue;
    }
    set.values.set(vkey, { content: e.content, disabled: e.disabled, line: e.line });
  }
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  plan.skipped.sort(byLine);
  plan.errors.sort(byLine);
  plan.warnings.sort(byLine);
  return plan;
}

/**
 * The zone's RRsets after the import: the file's RRsets (a value the zone already holds in
 * another spelling keeps the stored one, so re-importing an export changes nothing; the comment
 * stays the zone's), and for a replace, every other RRset removed.
 */
export function* targetStates(plan: ImportPlan, current: States, mode: ImportMode): Steps<States> {
  const after: States = new Map();
  if (mode === 'replace') for (const key of current.keys()) after.set(key, null);
  let i = 0;
  for (const [key, set] of plan.rrsets) {
    if (++i % STEP_ITEMS === 0) yield;
    const now = current.get(key) ?? null;
    // Stored spellings are looked up only for a value not stored as the file writes it (TXT).
    let stored: Map<string, string> | undefined;
    const storedAs = (vkey: string, content: string) => {
      if (!now || now.values.some((v) => v.content === content)) return content;
      stored ??= new Map(now.values.map((v) => [contentKey(set.type, v.content), v.content]));
      return stored.get(vkey) ?? content;
    };
    const values = [...set.values].map(([vkey, v]) => ({
      content: storedAs(vkey, v.content),
      disabled: v.disabled,
    }));
    const state: NonNullState = { ttl: set.ttl, comment: now?.comment ?? null, values };
    state.values.sort(byContent);
    after.set(key, state satisfies RRsetState);
  }
  return after;
}
