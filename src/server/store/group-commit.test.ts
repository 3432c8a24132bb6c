// Writes while another process writes the same database (the `apikey` CLI beside a running
// server): a write that has read must not fail when the other process commits before it writes;
// its batch runs again. And writes on a full database fail with the real cause.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type SqliteStore } from './db';
import { announcedWrite } from './announce';
import { observeCommits, write } from './group-commit';

/** Another process holding the database open: on "go" it commits one row, then says "done". */
function otherWriter(file: string) {
  const script = `
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
    db.pragma('busy_timeout = 10000');
    process.stdin.once('data', () => {
      db.prepare("insert into customers (id, default_region, created_at) values ('other', 'EU', 'now')").run();
      process.stdout.write('done');
      process.exit(0);
    });
    process.stdout.write('ready');`;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd() });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes(word)) resolve();
      });
      child.once('exit', (code) => (code ? reject(new Error(`writer exited ${code}`)) : resolve()));
    });
  let told = false;
  const go = () => {
    if (!told) child.stdin.write('go\n');
    told = true;
  };
  return { ready: said('ready'), go, done: said('done') };
}

/** Each test's own database, closed and removed after it. */
let opened: { store: SqliteStore; dir: string } | undefined;
afterEach(async () => {
  if (!opened) return;
  await opened.store.close();
  fs.rmSync(opened.dir, { recursive: true, force: true });
  opened = undefined;
});
async function freshStore(): Promise<SqliteStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-gc-'));
  opened = { store: await openStore(dir), dir };
  return opened.store;
}

describe('group commit beside another process', () => {
  it('a write that read first still commits when the other process writes meanwhile', async () => {
    const store = await freshStore();
    const writer = otherWriter(path.join(opened!.dir, 'zonedeck.db'));
    await writer.ready;
    const db = store.db;
    const result = write(db, async (trx) => {
      const before = await trx.selectFrom('customers').selectAll().execute();
      // The other process commits now, before this write: SQLite refuses this transaction's
      // upgrade to a write ("database is locked"), and the batch must run again, not fail.
      writer.go();
      await new Promise((r) => setTimeout(r, 300));
      await trx
        .insertInto('customers')
        .values({ id: 'ours', default_region: 'EU', created_at: 'now' })
        .execute();
      return before.length;
    });
    // Run again, the write read the other process's row first.
    await expect(result).resolves.toBe(1);
    await writer.done;
    const ids = (await db.selectFrom('customers').select('id').execute()).map((r) => r.id);
    expect(ids.sort()).toEqual(['other', 'ours']);
  });
});

describe('group commit on a full database', () => {
  it('rejects each write with the real cause, not the failed ROLLBACK, and recovers', async () => {
    const store = await freshStore();
    const db = store.db;
    // A real SQLITE_FULL, as a full disk gives: SQLite rolls the transaction back itself, so
    // the ROLLBACK that follows fails ("no transaction is active") and used to hide the cause.
    // No free pages left by the migrations (a dropped table's), so the file is full at once.
    store.sqlite.exec('VACUUM');
    const pages = store.sqlite.pragma('page_count', { simple: true }) as number;
    store.sqlite.pragma(`max_page_count = ${pages}`);
    const insert = (id: string) =>
      write(db, (trx) =>
        trx
          .insertInto('customers')
          .values({ id: id + 'x'.repeat(3000), default_region: 'EU', created_at: 'now' })
          .execute(),
      ).then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
    // One write alone, then ten in one batch: every one fails with SQLITE_FULL.
    expect(await insert('alone')).toBe('SQLITE_FULL');
    const batch = await Promise.all(Array.from({ length: 10 }, (_, i) => insert(`b${i}`)));
    expect(batch).toEqual(Array(10).fill('SQLITE_FULL'));

    store.sqlite.pragma('max_page_count = 4294967294');
    expect(await insert('after')).toBe('ok');

    // A transaction left open on the connection (as a ROLLBACK failing on an I/O error leaves
    // it) does not stop the writes that follow.
    store.sqlite.exec('begin');
    expect(await insert('left-open')).toBe('ok');
    expect(store.sqlite.inTransaction).toBe(false);
  });
});

describe('group commit of writes that arrive one event after another', () => {
  it('commits writes started by separate events together, not one COMMIT each', async () => {
    const store = await freshStore();
    const db = store.db;
    let commits = 0;
    observeCommits(db, () => commits++);
    // As requests arrive: each write starts in an event of its own (an HTTP request's data),
    // not in one loop. SQLite's statements are synchronous, so a batch that did not wait a
    // turn of the event loop committed before the next event was handled.
    await Promise.all(
      Array.from(
        { length: 16 },
        (_, i) =>
          new Promise<void>((resolve, reject) =>
            setImmediate(() => {
              write(db, (trx) =>
                trx
                  .insertInto('customers')
                  .values({ id: `c${i}`, default_region: 'EU', created_at: 'now' })
                  .execute(),
              ).then(() => resolve(), reject);
            }),
          ),
      ),
    );
    expect(await db.selectFrom('customers').select('id').execute()).toHaveLength(16);
    expect(commits).toBeLessThanOrEqual(2);
  });

  it('announces the writes of one batch one after another, in the order they ran', async () => {
    const store = await freshStore();
    // An asynchronous listener, as the DNS view is when it loads a zone's keys.
    const heard: string[] = [];
    store.events.subscribe(async (e) => {
      heard.push(`start ${e.zoneId}`);
      await new Promise((r) => setTimeout(r, 5));
      heard.push(`end ${e.zoneId}`);
    });
    await Promise.all(
      ['z1', 'z2', 'z3'].map(
        (zoneId) =>
          new Promise<void>((resolve, reject) =>
            setImmediate(() => {
              announcedWrite(store, async (trx) => {
                await trx
                  .insertInto('customers')
                  .values({ id: zoneId, default_region: 'EU', created_at: 'now' })
                  .execute();
                return { result: undefined, event: { kind: 'deleted' as const, zoneId } };
              }).then(resolve, reject);
            }),
          ),
      ),
    );
    expect(heard).toEqual(['start z1', 'end z1', 'start z2', 'end z2', 'start z3', 'end z3']);
  });

  it('writes while a test has faked the timers', async () => {
    const store = await freshStore();
    vi.useFakeTimers();
    try {
      await write(store.db, (trx) =>
        trx
          .insertInto('customers')
          .values({ id: 'faked', default_region: 'EU', created_at: 'now' })
          .execute(),
      );
    } finally {
      vi.useRealTimers();
    }
    expect(await store.db.selectFrom('customers').select('id').execute()).toEqual([
      { id: 'faked' },
    ]);
  });
});
