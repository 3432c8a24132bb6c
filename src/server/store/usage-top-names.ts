// The top-names sketches of each zone and UTC day (ADR 0016): written whole by the usage flush
// (the in-memory sketch of a day holds everything counted that day once it has merged these
// rows), read by the top-names route. Kept as long as the hourly rows.
import type { Db } from './db';
import { write } from './group-commit';
import { HOURLY_DAYS } from './usage';

export const TOP_NAME_KINDS = ['asked', 'nxdomain'] as const;
export type TopNameKind = (typeof TOP_NAME_KINDS)[number];

export interface StoredTopName {
  kind: TopNameKind;
  /** Whose sketch: each node writes its own ('' on a single node). */
  node: string;
  name: string;
  count: number;
  error: number;
}

export interface TopNamesSnapshot {
  node: string;
  zoneId: string;
  day: string;
  kind: TopNameKind;
  entries: readonly { name: string; count: number; error: number }[];
}

/** The stored sketch entries of a zone's day, both kinds, of every node or of `node`. */
export async function readTopNames(
  db: Db,
  zoneId: string,
  day: string,
  node?: string,
): Promise<StoredTopName[]> {
  let q = db
    .selectFrom('usage_top_names')
    .select(['kind', 'node', 'name', 'count', 'error'])
    .where('zone_id', '=', zoneId)
    .where('day', '=', day);
  if (node !== undefined) q = q.where('node', '=', node);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, kind: r.kind === 'nxdomain' ? 'nxdomain' : 'asked' }));
}

/** Replaces each snapshot's rows (of its node) in one transaction. */
export async function writeTopNames(db: Db, snapshots: readonly TopNamesSnapshot[]): Promise<void> {
  await write(db, async (trx) => {
    for (const s of snapshots) {
      await trx
        .deleteFrom('usage_top_names')
        .where('zone_id', '=', s.zoneId)
        .where('day', '=', s.day)
        .where('kind', '=', s.kind)
        .where('node', '=', s.node)
        .execute();
      if (s.entries.length)
        await trx
          .insertInto('usage_top_names')
          .values(
            s.entries.map((e) => ({
              day: s.day,
              zone_id: s.zoneId,
              kind: s.kind,
              node: s.node,
              name: e.name,
              count: e.count,
              error: e.error,
            })),
          )
          .execute();
    }
  });
}

/** Deletes the days older than HOURLY_DAYS. */
export async function pruneTopNames(db: Db, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - HOURLY_DAYS * 86_400_000).toISOString().slice(0, 10);
  await write(db, (trx) => trx.deleteFrom('usage_top_names').where('day', '<', cutoff).execute());
}
