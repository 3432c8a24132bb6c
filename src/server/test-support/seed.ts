// Seeds a large zone straight into a store (benchmarks and store tests: 100,000 records through
// the API would take minutes and measure something else).
import { SCOPES } from '../../shared/api/fields';
import { createApiKey, ensureCustomer } from '../store/customers';
import { openStore, type Db } from '../store/db';
import { nowIso, recordId } from '../store/ids';
import { createZone } from '../store/zones';

export interface SeedRow {
  name: string;
  type: string;
  content: string;
}

/** Inserts `count` records made by `row` into `zone`, in large transactions. */
export async function seedRecords(
  db: Db,
  zoneId: string,
  count: number,
  row: (i: number) => SeedRow,
) {
  const now = nowIso();
  for (let start = 0; start < count; start += 2000) {
    const batch = Array.from({ length: Math.min(2000, count - start) }, (_, k) => row(start + k));
    await db.transaction().execute(async (trx) => {
      for (let k = 0; k < batch.length; k += 400) {
        const part = batch.slice(k, k + 400);
        const sets = new Map(part.map((r) => [`${r.name} ${r.type}`, r]));
        await trx
          .insertInto('rrsets')
          .values(
            [...sets.values()].map((r) => ({
              zone_id: zoneId,
              name: r.name,
              type: r.type,
              ttl: 3600,
              comment: null,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx
          .insertInto('records')
          .values(
            part.map((r) => ({
              zone_id: zoneId,
              id: recordId(zoneId, r.name, r.type, r.content),
              ...r,
              disabled: 0,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    });
  }
}

/** Creates customer `default`, a key with every scope and the zone with its records; returns the key. */
export async function seedZone(
  dataDir: string,
  zoneName: string,
  count: number,
  row: (i: number) => SeedRow,
): Promise<string> {
  const store = await openStore(dataDir);
  await ensureCustomer(store.db, 'default', 'EU_GLOBAL');
  const { key } = await createApiKey(store.db, 'default', SCOPES);
  const zone = await createZone(store, {
    customerId: 'default',
    name: zoneName,
    region: 'EU_GLOBAL',
    ttl: 3600,
  });
  await seedRecords(store.db, zone.id, count, row);
  await store.close();
  return key;
}

/** Inserts `count` journal changes (one RRset diff each) for `zoneId`, in large transactions. */
const AFTER = { ttl: 3600, comment: null, values: [{ content: '10.0.0.1', disabled: false }] };

export async function seedChanges(db: Db, zoneId: string, count: number) {
  const start = Date.now() - count * 1000;
  for (let from = 0; from < count; from += 2000) {
    await db.transaction().execute(async (trx) => {
      for (let k = from; k < Math.min(from + 2000, count); k += 500) {
        const n = Math.min(500, count - k);
        await trx
          .insertInto('changes')
          .values(
            Array.from({ length: n }, (_, j) => ({
              id: `chg_seed${String(k + j).padStart(10, '0')}`,
              zone_id: zoneId,
              created_at: new Date(start + (k + j) * 1000).toISOString(),
              kind: 'records',
              actor_key_id: null,
              actor_label: 'seed',
              summary: `Created A h${k + j}`,
              serial: k + j + 1,
              added: 1,
              changed: 0,
              removed: 0,
              reverts: null,
              revertible: 1,
              settings: '[]',
              rrsets: JSON.stringify([
                { name: `h${k + j}.`, type: 'A', before: null, after: AFTER },
              ]),
            })),
          )
          .execute();
      }
    });
  }
}
