// Properties of the journal on a real store: reverts restore exactly, the serial only moves
// forward, and a refused batch leaves no trace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBatch, BatchRefused, type BatchOp } from './batch';
import { listChanges } from './change-reads';
import { ensureCustomer } from './customers';
import { type OpenedStore } from './db';
import { openTestStore } from '../test-support/test-store';
import { RecordLimitError } from './record-limits';
import { createRecord, deleteRecords, RecordConflict, updateRecord } from './record-writes';
import { listRecords } from './records';
import { revertChange } from './revert';
import { createZone, getZone, updateZone, type ZoneRow } from './zones';

let dir: string;
let store: OpenedStore;
let zones = 0;
const limits = { recordsPerZone: 1000 };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-journal-'));
  store = await openTestStore(dir);
  await ensureCustomer(store.db, 'acme', 'EU_GLOBAL');
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newZone(): Promise<ZoneRow> {
  return createZone(store, {
    customerId: 'acme',
    name: `p${++zones}.test`,
    region: 'EU_GLOBAL',
    ttl: 3600,
  });
}

/** Everything a revert must restore: the records with their RRset data, and the zone's TTL. */
async function snapshot(zoneId: string) {
  const { rows } = await listRecords(store.db, zoneId, 10_000, 0);
  const zone = await getZone(store.db, 'acme', zoneId);
  return { rows, ttl: zone?.ttl, status: zone?.status };
}

const NAMES = ['a', 'b', 'c'];
const A = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
const name = fc.constantFrom(...NAMES);
const type = fc.constantFrom('A', 'TXT', 'CNAME');
const contentFor = (t: string, i: number) =>
  t === 'A' ? A[i % 3]! : t === 'TXT' ? `"t${i % 3}"` : `c${i % 3}.example.net.`;

type Step =
  | { kind: 'create'; name: string; type: string; i: number; ttl: number; disabled: boolean }
  | { kind: 'update'; pick: number; i: number; ttl: number; comment: string | null }
  | { kind: 'delete'; pick: number }
  | { kind: 'batch'; ops: { name: string; type: string; i: number; del: boolean }[] }
  | { kind: 'ttl'; ttl: number };

const ttl = fc.constantFrom(300, 600, 3600);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    name,
    type,
    i: fc.nat(5),
    ttl,
    disabled: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(20),
    i: fc.nat(5),
    ttl,
    comment: fc.constantFrom(null, 'note'),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('batch' as const),
    ops: fc.array(fc.record({ name, type, i: fc.nat(5), del: fc.boolean() }), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({ kind: fc.constant('ttl' as const), ttl }),
);

/** Plays one step; false when the rules refused it or it changed nothing (no trace either way). */
async function play(zone: ZoneRow, s: Step): Promise<boolean> {
  const fqdn = (n: string) => `${n}.${zone.name}.`;
  const { rows } = await listRecords(store.db, zone.id, 10_000, 0);
  const picked = rows.length ? rows[('pick' in s ? s.pick : 0) % rows.length] : undefined;
  try {
    if (s.kind === 'create') {
      const w = { name: fqdn(s.name), type: s.type, content: contentFor(s.type, s.i), ttl: s.ttl };
      await createRecord(store, zone, { ...w, disabled: s.disabled }, limits);
    } else if (s.kind === 'update') {
      if (!picked) return false;
      const content = contentFor(picked.type, s.i);
      const w = { name: picked.name, type: picked.type, content, ttl: s.ttl, comment: s.comment };
      await updateRecord(store, zone, picked, w);
    } else if (s.kind === 'delete') {
      if (!picked) return false;
      await deleteRecords(store, zone, [picked]);
    } else if (s.kind === 'batch') {
      const ops: BatchOp[] = s.ops.map((o) => {
        const id = rows.find((r) => r.name === fqdn(o.name) && r.type === o.type)?.id;
        if (o.del && id) return { op: 'delete', id };
        return {
          op: 'create',
          write: { name: fqdn(o.name), type: o.type, content: contentFor(o.type, o.i) },
        };
      });
      await applyBatch(store, zone, ops, { dryRun: false, limits });
    } else {
      const current = await getZone(store.db, 'acme', zone.id);
      await updateZone(store, zone, { ttl: s.ttl });
      // A save that changes nothing is no change: it leaves no trace either.
      if (current?.ttl === s.ttl) return false;
    }
    return true;
  } catch (e) {
    if (e instanceof RecordConflict || e instanceof RecordLimitError || e instanceof BatchRefused)
      return false;
    throw e;
  }
}

describe('the journal', () => {
  it('reverting the last k changes newest first restores the zone; the serial only grows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.nat(8),
        async (steps, k) => {
          const zone = await newZone();
          const states = [await snapshot(zone.id)];
          for (const s of steps) {
            const before = await snapshot(zone.id);
            const changesBefore = (await listChanges(store.db, zone.id, 100, 0)).total;
            const applied = await play(zone, s);
            if (applied) states.push(await snapshot(zone.id));
            else {
              // A refused write leaves no trace: same records, no change.
              expect(await snapshot(zone.id)).toEqual(before);
              expect((await listChanges(store.db, zone.id, 100, 0)).total).toBe(changesBefore);
            }
          }
          const { changes } = await listChanges(store.db, zone.id, 100, 0);
          // Every write, and the zone's creation first.
          expect(changes).toHaveLength(states.length);
          expect(changes.at(-1)).toMatchObject({ kind: 'zone', revertible: false });
          const serials = changes.map((c) => c.serial).reverse();
          serials.forEach((v, i) => i > 0 && expect(v).toBeGreaterThan(serials[i - 1]!));

          const undo = changes.slice(0, Math.min(k, changes.length - 1));
          let lastRevert: string | null = null;
          for (const c of undo) {
            const r = await revertChange(store, zone, c.id, {
              dryRun: false,
              force: false,
              limits,
            });
            lastRevert = r.change_id;
          }
          expect(await snapshot(zone.id)).toEqual(states[states.length - 1 - undo.length]);
          if (lastRevert) {
            // Reverting the revert restores what the last reverted change had made.
            await revertChange(store, zone, lastRevert, { dryRun: false, force: false, limits });
            expect(await snapshot(zone.id)).toEqual(states[states.length - undo.length]);
          }
        },
      ),
      { numRuns: 100 },
    );
    // A hundred runs of many writes: about 6 s on either store, more on a loaded machine (on
    // PostgreSQL each statement is a round trip), which the default 20 s did not always cover.
  }, 60_000);

  it('a refused batch leaves no trace: no records, no change, no serial bump', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 4 }), fc.nat(4), async (steps, at) => {
        const zone = await newZone();
        for (const s of steps) await play(zone, s);
        const before = await snapshot(zone.id);
        const serial = (await getZone(store.db, 'acme', zone.id))?.serial;
        const { total } = await listChanges(store.db, zone.id, 1, 0);
        const good: BatchOp[] = NAMES.map((n, i) => ({
          op: 'create',
          write: { name: `${n}-new.${zone.name}.`, type: 'A', content: A[i]! },
        }));
        // A CNAME next to the A created just before it: refused on the final state.
        const bad: BatchOp = {
          op: 'create',
          write: { name: `a-new.${zone.name}.`, type: 'CNAME', content: 'x.example.net.' },
        };
        const ops = [...good.slice(0, 1), ...good.slice(1).slice(0, at), bad];
        await expect(
          applyBatch(store, zone, ops, { dryRun: false, limits }),
        ).rejects.toBeInstanceOf(BatchRefused);
        expect(await snapshot(zone.id)).toEqual(before);
        expect((await getZone(store.db, 'acme', zone.id))?.serial).toBe(serial);
        expect((await listChanges(store.db, zone.id, 1, 0)).total).toBe(total);
      }),
      { numRuns: 20 },
    );
  });
});
