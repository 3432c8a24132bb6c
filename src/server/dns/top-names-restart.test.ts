// A day the server began anew after a restart: its stored rows and the counts in memory are
// merged once (when read before the flush, and by the flush itself), never twice, and a past
// day leaves memory once written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenedStore } from '../store/db';
import { openTestStore } from '../test-support/test-store';
import { readTopNames, writeTopNames } from '../store/usage-top-names';
import { TopNames } from './top-names';

let dir: string;
let store: OpenedStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-top-names-'));
  store = await openTestStore(dir);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('merges the stored rows of a day with memory once, exactly while slots are free', async () => {
  const day = '2026-11-20';
  await writeTopNames(store.db, [
    {
      node: '',
      zoneId: 'zone_a',
      day,
      kind: 'asked',
      entries: [
        { name: 'www.a.test', count: 10, error: 0 },
        { name: 'typo.a.test', count: 4, error: 0 },
      ],
    },
    {
      node: '',
      zoneId: 'zone_a',
      day,
      kind: 'nxdomain',
      entries: [{ name: 'typo.a.test', count: 4, error: 0 }],
    },
  ]);
  const top = new TopNames(store.db);
  const d = top.day('zone_a', day);
  for (let i = 0; i < 3; i++) d.asked.add('www.a.test');
  d.asked.add('mail.a.test');
  d.asked.add('typo.a.test');
  d.nxdomain.add('typo.a.test');
  d.dirty = true;
  const expected = {
    asked: [
      { name: 'www.a.test', count: 13, error: 0 },
      { name: 'typo.a.test', count: 5, error: 0 },
      { name: 'mail.a.test', count: 1, error: 0 },
    ],
    nxdomain: [{ name: 'typo.a.test', count: 5, error: 0 }],
  };
  expect(await top.read('zone_a', day)).toEqual(expected);
  // Two flushes at once: the stored rows are merged by the first only.
  await Promise.all([top.flush('2026-11-20'), top.flush('2026-11-20')]);
  expect(await top.read('zone_a', day)).toEqual(expected);
  d.dirty = true;
  await top.flush('2026-11-20');
  const stored = await readTopNames(store.db, 'zone_a', day);
  expect(
    stored
      .filter((r) => r.kind === 'asked')
      .map((r) => r.count)
      .sort((a, b) => b - a),
  ).toEqual([13, 5, 1]);
  // Once the day is over and written, memory lets it go; the rows answer for it.
  await top.flush('2026-11-21');
  expect(top.slotsInUse()).toBe(0);
  expect(await top.read('zone_a', day)).toEqual(expected);
});

it('keeps each node’s sketch apart and reads them added up (several nodes on one database)', async () => {
  const day = '2026-11-22';
  const nodeA = new TopNames(store.db, 'node_a');
  const nodeB = new TopNames(store.db, 'node_b');
  for (let i = 0; i < 5; i++) nodeA.day('zone_b', day).asked.add('www.b.test');
  for (let i = 0; i < 3; i++) nodeB.day('zone_b', day).asked.add('www.b.test');
  nodeB.day('zone_b', day).asked.add('api.b.test');
  nodeA.day('zone_b', day).dirty = true;
  nodeB.day('zone_b', day).dirty = true;
  // Both write; neither overwrites the other's rows, each merges only its own at a restart.
  await nodeA.flush(day);
  await nodeB.flush(day);
  const expected = [
    { name: 'www.b.test', count: 8, error: 0 },
    { name: 'api.b.test', count: 1, error: 0 },
  ];
  expect((await nodeA.read('zone_b', day)).asked).toEqual(expected);
  expect((await nodeB.read('zone_b', day)).asked).toEqual(expected);
  const restarted = new TopNames(store.db, 'node_a');
  restarted.day('zone_b', day).asked.add('www.b.test');
  restarted.day('zone_b', day).dirty = true;
  await restarted.flush(day);
  expect((await restarted.read('zone_b', day)).asked).toEqual([
    { name: 'www.b.test', count: 9, error: 0 },
    { name: 'api.b.test', count: 1, error: 0 },
  ]);
  const rows = await readTopNames(store.db, 'zone_b', day, 'node_a');
  expect(rows.map((r) => [r.name, r.count])).toEqual([['www.b.test', 6]]);
});
