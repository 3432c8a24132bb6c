// Zone-file import: the file's RRsets diffed against the zone, judged by the rules every write
// follows (rrset-apply.ts), and written as one change of the journal, so it reverts whole.
import { lockZone } from './dialect';
import { LARGE_DELETE_SHARE, type ImportError, type ImportMode } from '../../shared/api/zone-file';
import type { ImportResult } from '../../shared/api/zone-file';
import { parseZoneFileSteps } from '../../shared/dns/zone-file';
import { inSlices, nextTurn, pacer } from '../slices';
import { STEP_ITEMS } from '../../shared/steps';
import type { ZoneEvent } from '../events';
import { zoneWrite, type Announced } from './announce';
import type { Store } from './db';
import type { Trx } from './group-commit';
import { planImport, targetStates, type ImportPlan, type ZoneToFill } from './import-plan';
import {
  countValues,
  diffStatesSteps,
  OPERATOR,
  readStatesAtNames,
  readZoneStates,
  recordChangeWithSerial,
  rrsetKey,
  rrsetsEvent,
  splitKey,
  sameState,
  type Actor,
  type States,
} from './journal';
import { checkRecordQuotaFor, type RecordLimits } from './record-limits';
import { addedValues, finalStateProblems, writeStates } from './rrset-apply';
import type { ZoneRow } from './zones';

export interface ImportOptions {
  mode: ImportMode;
  dryRun: boolean;
  excludeLines: readonly number[];
  confirmLargeDelete: boolean;
  limits: RecordLimits;
  /** Which zone hosted below answers a name (ADR 0030): its lines are skipped. */
  answeredBy?: (fqdn: string) => string | undefined;
}

/** Applying a file that still has errors (not excluded): nothing was written. */
export class ZoneFileInvalid extends Error {
  constructor(readonly errors: ImportError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'} in the zone file`);
  }
}

/** A replace removing more than LARGE_DELETE_SHARE of the zone, without confirm_large_delete. */
export class LargeDeleteUnconfirmed extends Error {
  constructor(
    readonly removed: number,
    readonly total: number,
  ) {
    super('large delete not confirmed');
  }
}

/**
 * Reads the file outside the write (parsing a large file must not hold the writer up), in slices
 * (nor the DNS server's answers: a 100,000-record file takes about a second).
 */
export function readZoneFile(
  text: string,
  zone: ZoneToFill,
  excludeLines: readonly number[],
): Promise<ImportPlan> {
  return inSlices(
    (function* () {
      const parse = yield* parseZoneFileSteps(text, { origin: zone.name, defaultTtl: zone.ttl });
      return yield* planImport(parse, zone, new Set(excludeLines));
    })(),
  );
}

export async function importZoneFile(
  store: Store,
  zone: ZoneRow,
  text: string,
  opts: ImportOptions,
): Promise<ImportResult> {
  const plan = await readZoneFile(
    text,
    { name: zone.name, ttl: zone.ttl, ...(opts.answeredBy ? { answeredBy: opts.answeredBy } : {}) },
    opts.excludeLines,
  );
  return zoneWrite(store, zone.id, (trx) =>
    importPlan(trx, zone, plan, opts, store.actor ?? OPERATOR),
  );
}

/** Above this many RRsets in the file, the import reads the whole zone at once. */
const WHOLE_ZONE_READ = 2000;

async function rrsetCount(trx: Trx, zoneId: string): Promise<number> {
  const row = await trx
    .selectFrom('rrsets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('zone_id', '=', zoneId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The import inside a write already open (the import route's, or a zone's creation): the diff,
 * its problems as errors by line, the guard rail, then, unless a dry run, the write and its change.
 */
export async function importPlan(
  trx: Trx,
  zone: ZoneRow,
  plan: ImportPlan,
  opts: ImportOptions,
  actor: Actor,
): Promise<Announced<ImportResult>> {
  await lockZone(trx, zone.id);
  // A large file's work is done in slices, so that DNS answers meanwhile (slices.ts). On SQLite
  // the transaction keeps the one connection: other requests' queries wait for it either way.
  const pace = pacer();
  // One pass over the zone costs less than looking thousands of names up in batches.
  const wholeZone = opts.mode === 'replace' || plan.rrsets.size > WHOLE_ZONE_READ;
  const { states: before, atName } = wholeZone
    ? await readZoneStates(trx, zone.id, pace)
    : await readStatesAtNames(trx, zone.id, [...plan.rrsets.keys()].map(splitKey));
  const after = await inSlices(targetStates(plan, before, opts.mode));
  const errors = [...plan.errors];
  const problems = await finalStateProblems(trx, zone, before, after, atName, pace);
  for (const p of problems) {
    const line = plan.rrsets.get(p.key)?.line ?? 1;
    errors.push({ line, message: p.message, code: p.refusal.code });
  }
  // An RRset with an error is listed there, not in the diff and counts as if it would change
  // (a CNAME refused beside an A was counted "added"): it stays as the zone has it.
  for (const p of problems) after.set(p.key, before.get(p.key) ?? null);
  errors.sort((a, b) => a.line - b.line);
  const diffs = await inSlices(diffStatesSteps(before, after));
  const rrsetCounts = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  for (const d of diffs) {
    if (!d.before) rrsetCounts.added++;
    else if (!d.after) rrsetCounts.removed++;
    else rrsetCounts.changed++;
  }
  let i = 0;
  for (const [key, s] of after) {
    if (s && sameState(before.get(key) ?? null, s)) rrsetCounts.unchanged++;
    if (++i % STEP_ITEMS === 0) await pace();
  }
  const total = wholeZone ? before.size : await rrsetCount(trx, zone.id);
  const removed = rrsetCounts.removed;
  const confirmationRequired =
    opts.mode === 'replace' && total > 0 && removed / total > LARGE_DELETE_SHARE;
  const result: ImportResult = {
    dry_run: opts.dryRun,
    change_id: null,
    serial: null,
    mode: opts.mode,
    records_read: plan.recordsRead,
    counts: countValues(diffs),
    rrset_counts: rrsetCounts,
    rrsets: diffs,
    settings: [],
    skipped: plan.skipped,
    errors,
    warnings: plan.warnings,
    large_delete: { removed, total, confirmation_required: confirmationRequired },
  };
  // As a batch's dry run does, the preview refuses what the quota would refuse.
  await checkRecordQuotaFor(trx, zone.id, addedValues(before, after), opts.limits);
  if (opts.dryRun) return { result, event: null };
  if (errors.length) throw new ZoneFileInvalid(errors);
  if (confirmationRequired && !opts.confirmLargeDelete)
    throw new LargeDeleteUnconfirmed(removed, total);
  if (!diffs.length) return { result, event: null };

  await writeStates(trx, zone, before, after, pace);
  const { state, changeId } = await recordChangeWithSerial(trx, zone, {
    actor,
    kind: 'import',
    summary: importSummary(opts.mode, rrsetCounts),
    rrsets: diffs,
  });
  // A turn between the change's row and the COMMIT, each a few hundred milliseconds for a
  // large file, and neither of them divisible.
  await nextTurn();
  result.serial = state.serial;
  result.change_id = changeId;
  const touched: States = new Map(diffs.map((d) => [rrsetKey(d), d.after]));
  const event: ZoneEvent = rrsetsEvent(zone.id, state, touched, { changeId: result.change_id });
  return { result, event };
}

function importSummary(mode: ImportMode, n: ImportResult['rrset_counts']): string {
  const rrsets = (k: number) => `${k} RRset${k === 1 ? '' : 's'}`;
  const parts = [
    n.added && `${rrsets(n.added)} added`,
    n.changed && `${rrsets(n.changed)} changed`,
    n.removed && `${rrsets(n.removed)} removed`,
  ].filter(Boolean);
  return `Zone file imported (${mode}): ${parts.join(', ')}`;
}
