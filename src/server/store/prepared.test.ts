// Prepared statements on PostgreSQL (prepared.ts): named from a statement's second use, each
// connection preparing it once; a plan that a migration changed is run again unnamed, or fails
// its transaction so that the transaction's runner starts it again. PostgreSQL only: this file
// runs in the node-pg project of the test matrix, and is skipped in the SQLite one.
import { sql, type Kysely } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, testDialect } from '../test-support/test-store';
import type { OpenedStore } from './db';
import { openPostgres } from './db-postgres';
import { poolWrite } from './pool-write';
import { forgetTexts, PLAN_CHANGED, PreparingClient } from './prepared';
import type { Database } from './schema';

describe.runIf(testDialect() === 'postgres')('prepared statements on PostgreSQL', () => {
  let store: OpenedStore;
  let url: string;
  const clients: pg.Client[] = [];
  // Texts are named per process: each test's are its own.
  const tag = () => `/* ${Math.random().toString(36).slice(2)} */`;

  beforeAll(async () => {
    store = await openTestStore(fs.mkdtempSync(path.join(os.tmpdir(), 'zd-prepared-')));
    url = store.feed!.url;
  });
  afterAll(async () => {
    for (const c of clients) await c.end();
    await store.close();
  });
  // The whole budget of names for each test, whatever the files before this one named.
  beforeEach(() => forgetTexts());

  async function client(): Promise<pg.Client> {
    const c = new PreparingClient({ connectionString: url });
    await c.connect();
    clients.push(c);
    return c;
  }

  /** The texts `c`'s session has prepared (a query without parameters is never prepared). */
  async function preparedTexts(c: pg.Client): Promise<string[]> {
    const r = await c.query('select statement from pg_prepared_statements');
    return r.rows.map((row: { statement: string }) => row.statement);
  }

  /**
   * A connection that has prepared `select *` of a table of its own, whose columns another
   * connection then changed, as a newer node's migration would.
   */
  async function preparedThenAltered(): Promise<{ c: pg.Client; text: string }> {
    const table = `p_${Math.random().toString(36).slice(2, 10)}`;
    const c = await client();
    await c.query(`create table ${table} (id int primary key)`);
    await c.query(`insert into ${table} values (1)`);
    const text = `select * from ${table} where id = $1 ${tag()}`;
    await c.query(text, [1]);
    await c.query(text, [1]);
    expect(await preparedTexts(c)).toContain(text);
    await (await client()).query(`alter table ${table} add column extra int default 7`);
    return { c, text };
  }

  it('prepares a statement from its second use, once per connection', async () => {
    const text = `select $1::int + 1 as n ${tag()}`;
    const a = await client();
    expect((await a.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect(await preparedTexts(a)).not.toContain(text);
    expect((await a.query(text, [2])).rows).toEqual([{ n: 3 }]);
    expect(await preparedTexts(a)).toContain(text);
    expect((await a.query(text, [3])).rows).toEqual([{ n: 4 }]);
    expect((await preparedTexts(a)).filter((t) => t === text)).toHaveLength(1);
    // Another connection prepares it on its first use there.
    const b = await client();
    expect((await b.query(text, [4])).rows).toEqual([{ n: 5 }]);
    expect(await preparedTexts(b)).toContain(text);
  });

  it('runs a statement whose columns a migration changed unnamed, outside a transaction', async () => {
    const { c, text } = await preparedThenAltered();
    expect((await c.query(text, [1])).rows).toEqual([{ id: 1, extra: 7 }]);
    expect((await c.query(text, [1])).rows).toEqual([{ id: 1, extra: 7 }]);
  });

  it('in a transaction, fails it with 0A000, and the write run again succeeds', async () => {
    const { c, text } = await preparedThenAltered();
    await c.query('begin');
    await expect(c.query(text, [1])).rejects.toMatchObject({
      code: PLAN_CHANGED,
      routine: 'RevalidateCachedQuery',
    });
    await c.query('rollback');
    // Never named again: the transaction, run again, gets the new columns.
    await c.query('begin');
    expect((await c.query(text, [1])).rows).toEqual([{ id: 1, extra: 7 }]);
    await c.query('commit');
  });

  it('keeps a connection working after pg could not convert a value of a named statement', async () => {
    const text = `select $1::text as v ${tag()}`;
    const c = await client();
    await c.query(text, ['a']);
    await c.query(text, ['b']);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(c.query(text, [circular])).rejects.toThrow(TypeError);
    for (const v of ['c', 'd']) expect((await c.query(text, [v])).rows).toEqual([{ v }]);
  });

  it("through the store's pool: a write whose read a migration changed is run again", async () => {
    const db = store.db as Kysely<Database>;
    const table = `p_${Math.random().toString(36).slice(2, 10)}`;
    await sql.raw(`create table ${table} (id int primary key)`).execute(db);
    await sql.raw(`insert into ${table} values (1)`).execute(db);
    const read = (trx: Kysely<Database>) =>
      sql<Record<string, number>>`select * from ${sql.table(table)} where id = ${1}`.execute(trx);
    // Every connection of the pool prepares it (the pool holds at most 10).
    await Promise.all(Array.from({ length: 24 }, () => read(db)));
    await sql.raw(`alter table ${table} add column extra int default 7`).execute(db);
    let attempts = 0;
    const rows = await Promise.all(
      Array.from({ length: 24 }, () =>
        poolWrite(db, async (trx) => {
          attempts++;
          return (await read(trx)).rows;
        }),
      ),
    );
    for (const r of rows) expect(r).toEqual([{ id: 1, extra: 7 }]);
    // Some ran on a connection that had prepared the old plan, failed, and were run again.
    expect(attempts).toBeGreaterThan(24);
  });

  it('prepares nothing when turned off (DATABASE_PREPARED_STATEMENTS=off)', async () => {
    for (const prepare of [false, true]) {
      const db = await openPostgres(url, prepare);
      try {
        const text = `select ${tag()} $1::int as n`;
        const texts = await db.connection().execute(async (conn) => {
          for (let i = 0; i < 3; i++) await sql.raw(text.replace('$1', String(i))).execute(conn);
          for (let i = 0; i < 3; i++) await conn.executeQuery(compiled(text, [i]));
          return (await sql<{ statement: string }>`select statement from pg_prepared_statements`
            .execute(conn)
            .then((r) => r.rows.map((row) => row.statement))) as string[];
        });
        expect(texts.includes(text)).toBe(prepare);
      } finally {
        await db.destroy();
      }
    }
  });
});

function compiled(text: string, parameters: unknown[]) {
  return { sql: text, parameters, query: { kind: 'RawNode' } } as never;
}
