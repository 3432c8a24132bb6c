// Revert: the inverse of a change, applied as a new change, refused when what it would undo has
// changed since (unless forced), and judged by the same rules as any write (rrset-apply.ts).
import type { RRsetDiff, RRsetState, SettingDiff } from '../../shared/api/changes';
import { zoneWrite } from './announce';
import { getChange } from './change-reads';
import type { Store } from './db';
import {
  countValues,
  diffStatesSteps,
  OPERATOR,
  readStates,
  recordChangeWithSerial,
  rrsetKey,
  rrsetsEvent,
  sameState,
  type States,
} from './journal';
import type { RecordLimits } from './record-limits';
import { checkFinalStates, writeStates } from './rrset-apply';
import type { ZoneRow } from './zones';
import { inSlices, pacer } from '../slices';

export class ChangeNotFound extends Error {}
export class ChangeNotRevertible extends Error {
  constructor(
    changeId: string,
    /** The zone settings the change touched (a DNSSEC switch, a DS removal request). */
    readonly fields: SettingDiff['field'][] = [],
  ) {
    super(changeId);
  }
}

export interface Conflicts {
  rrsets: { name: string; type: string; expected: RRsetState; current: RRsetState }[];
  settings: {
    field: SettingDiff['field'];
    expected: SettingDiff['after'];
    current: SettingDiff['after'];
  }[];
}

/** What the change left has changed since; force: true reverts anyway. */
export class ChangeConflict extends Error {
  constructor(readonly conflicts: Conflicts) {
    super('conflict');
  }
}

export interface RevertResult {
  dry_run: boolean;
  change_id: string | null;
  serial: number | null;
  counts: { added: number; changed: number; removed: number };
  rrsets: RRsetDiff[];
  settings: SettingDiff[];
}

export async function revertChange(
  store: Store,
  zone: ZoneRow,
  changeId: string,
  opts: { dryRun: boolean; force: boolean; limits: RecordLimits },
): Promise<RevertResult> {
  return zoneWrite(store, zone.id, async (trx) => {
    const change = await getChange(trx, zone.id, changeId);
    if (!change) throw new ChangeNotFound(changeId);
    if (!change.revertible) {
      throw new ChangeNotRevertible(
        changeId,
        change.settings.map((s) => s.field),
      );
    }

    const current = await readStates(trx, zone.id, change.rrsets);
    const target: States = new Map(change.rrsets.map((d) => [rrsetKey(d), d.before]));
    const conflicts: Conflicts = { rrsets: [], settings: [] };
    for (const d of change.rrsets) {
      const now = current.get(rrsetKey(d)) ?? null;
      if (!sameState(now, d.after)) {
        conflicts.rrsets.push({ name: d.name, type: d.type, expected: d.after, current: now });
      }
    }
    const zoneNow = await trx
      .selectFrom('zones')
      .selectAll()
      .where('id', '=', zone.id)
      .executeTakeFirstOrThrow();
    const settings: SettingDiff[] = [];
    for (const s of change.settings) {
      // DNSSEC changes are not revertible (refused above).
      if (s.field === 'dnssec_enabled' || s.field === 'dnssec_ds_removal') continue;
      const now = s.field === 'ttl' ? zoneNow.ttl : zoneNow.status;
      if (now !== s.after)
        conflicts.settings.push({ field: s.field, expected: s.after, current: now });
      if (now !== s.before) settings.push({ field: s.field, before: now, after: s.before });
    }
    if ((conflicts.rrsets.length || conflicts.settings.length) && !opts.force) {
      throw new ChangeConflict(conflicts);
    }
    // A large change is reverted in slices, so that DNS answers meanwhile (slices.ts).
    const pace = pacer();
    await checkFinalStates(trx, zoneNow, current, target, opts.limits, pace);
    const diffs = await inSlices(diffStatesSteps(current, target));
    const result: RevertResult = {
      dry_run: opts.dryRun,
      change_id: null,
      serial: null,
      counts: countValues(diffs),
      rrsets: diffs,
      settings,
    };
    if (opts.dryRun) return { result, event: null };

    await writeStates(trx, zoneNow, current, target, pace);
    if (settings.length) {
      const patch: { ttl?: number; status?: string } = {};
      for (const s of settings) {
        if (s.field === 'ttl') patch.ttl = Number(s.after);
        if (s.field === 'status') patch.status = String(s.after);
      }
      await trx.updateTable('zones').set(patch).where('id', '=', zone.id).execute();
    }
    const journaled = await recordChangeWithSerial(trx, zoneNow, {
      actor: store.actor ?? OPERATOR,
      kind: 'revert',
      // The reverted change is named by `reverts` (History shows it beside the summary).
      summary: `Reverted: ${change.summary}`,
      rrsets: diffs,
      settings,
      reverts: change.id,
    });
    const { state } = journaled;
    result.serial = state.serial;
    result.change_id = journaled.changeId;
    const event = change.rrsets.length
      ? rrsetsEvent(zone.id, state, target, { changeId: result.change_id, reverts: change.id })
      : { kind: 'zone' as const, zoneId: zone.id, zone: state };
    return { result, event };
  });
}
