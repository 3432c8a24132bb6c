// Retention: a change goes only when it is both older than the retention and not among the
// newest `keep` of its zone; its RRset diffs go with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenedStore } from './db';
import { openTestStore } from '../test-support/test-store';
import { pruneJournal } from './journal-retention';

let dir: string;
let store: OpenedStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-retention-'));
  store = await openTestStore(dir);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const now = Date.parse('2026-06-01T00:00:00Z');

/** `n` changes of `zone`, the i-th `ageDays(i)` days old, oldest first, each with one RRset diff. */
async function seed(zone: string, n: number, ageDays: (i: number) => number) {
  for (let i = 0; i < n; i++) {
    await store.db
      .insertInto('changes')
      .values({
        id: `chg_${zone}_${i}`,
        zone_id: zone,
        created_at: new Date(now - ageDays(i) * DAY).toISOString(),
        kind: 'records',
        actor_key_id: null,
        actor_label: null,
        summary: `change ${i}`,
        serial: i + 1,
        added: 1,
        changed: 0,
        removed: 0,
        reverts: null,
        revertible: 1,
        settings: '[]',
        rrsets: JSON.stringify([{ name: `h${i}.`, type: 'A', before: null, after: null }]),
      })
      .execute();
  }
}
const left = async (zone: string) =>
  (
    await store.db
      .selectFrom('changes')
      .select('id')
      .where('zone_id', '=', zone)
      .orderBy('seq')
      .execute()
  ).map((r) => r.id);

it('keeps the newest `keep` of a zone however old, and everything younger than the retention', async () => {
  await seed('busy', 10, (i) => 200 - i * 20); // 200, 180, ..., 20 days old
  await seed('quiet', 3, () => 400);
  const pruned = await pruneJournal(store.db, { days: 90, keep: 4 }, now);
  // busy: 4 newest kept anyway (80, 60, 40, 20 days), 100 and older go. quiet: 3 ≤ keep.
  expect(await left('busy')).toEqual([6, 7, 8, 9].map((i) => `chg_busy_${i}`));
  expect(await left('quiet')).toHaveLength(3);
  expect(pruned).toBe(6);
});

it('keeps changes younger than the retention beyond `keep`', async () => {
  await seed('young', 6, (i) => 10 - i);
  await pruneJournal(store.db, { days: 90, keep: 2 }, now);
  expect(await left('young')).toHaveLength(6);
  // The quiet zone's 400-day-old changes are now past a keep of 2.
  expect(await left('quiet')).toEqual(['chg_quiet_1', 'chg_quiet_2']);
});
