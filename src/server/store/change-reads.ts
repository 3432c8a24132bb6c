// Reading the journal: a zone's history newest first, and one change with its RRset diff.
import {
  CHANGE_KINDS,
  type ChangeDetail,
  type ChangeKind,
  type ChangeSummary,
  type RRsetState,
  type SettingDiff,
} from '../../shared/api/changes';
import type { Db } from './db';
import type { Trx } from './group-commit';
import type { ChangesTable } from './schema';

type ChangeRow = Omit<ChangesTable, 'seq'> & { seq: number };

const toKind = (k: string): ChangeKind =>
  (CHANGE_KINDS as readonly string[]).includes(k) ? (k as ChangeKind) : 'records';

export function toSummary(r: ChangeRow): ChangeSummary {
  return {
    id: r.id,
    zone_id: r.zone_id,
    created_at: r.created_at,
    kind: toKind(r.kind),
    actor: { key_id: r.actor_key_id, label: r.actor_label },
    summary: r.summary,
    serial: r.serial,
    counts: { added: r.added, changed: r.changed, removed: r.removed },
    reverts: r.reverts,
    revertible: Boolean(r.revertible),
  };
}

/** One page of the zone's history, newest first, and how many changes it keeps in all. */
export async function listChanges(db: Db, zoneId: string, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('changes')
      .selectAll()
      .where('zone_id', '=', zoneId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('zone_id', '=', zoneId)
      .executeTakeFirstOrThrow(),
  ]);
  return { changes: rows.map(toSummary), total: Number(total.n) };
}

const parseState = (json: string | null): RRsetState =>
  json === null ? null : (JSON.parse(json) as RRsetState);

/** The change with its RRset diff, or undefined when the zone has no such change. */
export async function getChange(
  db: Db | Trx,
  zoneId: string,
  changeId: string,
): Promise<ChangeDetail | undefined> {
  const row = await db
    .selectFrom('changes')
    .selectAll()
    .where('id', '=', changeId)
    .where('zone_id', '=', zoneId)
    .executeTakeFirst();
  if (!row) return undefined;
  const rrsets = await db
    .selectFrom('change_rrsets')
    .select(['name', 'type', 'before', 'after'])
    .where('change_seq', '=', row.seq)
    .orderBy('name')
    .orderBy('type')
    .execute();
  return {
    ...toSummary(row),
    rrsets: rrsets.map((d) => ({
      name: d.name,
      type: d.type,
      before: parseState(d.before),
      after: parseState(d.after),
    })),
    settings: JSON.parse(row.settings) as SettingDiff[],
  };
}
