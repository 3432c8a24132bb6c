// Statements built once (statement-templates.ts), on whichever store the matrix runs: the same
// rows as the statement built each time, and a template that would not carry a value refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedStore } from './db';
import { openTestStore } from '../test-support/test-store';
import { StatementTemplate } from './statement-templates';

let dir: string;
let store: OpenedStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-templates-'));
  store = await openTestStore(dir);
  await store.db
    .insertInto('customers')
    .values(
      ['acme', 'other'].map((id) => ({ id, default_region: 'EU_GLOBAL', created_at: 'then' })),
    )
    .execute();
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('StatementTemplate', () => {
  it('gives the rows the statement built each time gives, a value used twice included', async () => {
    const template = new StatementTemplate<{ id: string; same: number }, 'id' | 'region'>(
      ['id', 'region'],
      (db, m) =>
        db
          .selectFrom('customers')
          .select(['id', sql<number>`${m.region} = ${m.region}`.as('same')])
          .where('id', '=', m.id)
          .where('default_region', '=', m.region),
    );
    for (const id of ['acme', 'other', 'nobody']) {
      const direct = await store.db
        .selectFrom('customers')
        .select(['id', sql<number>`${'EU_GLOBAL'} = ${'EU_GLOBAL'}`.as('same')])
        .where('id', '=', id)
        .where('default_region', '=', 'EU_GLOBAL')
        .execute();
      const built = await template.run(store.db, { id, region: 'EU_GLOBAL' });
      expect(built.rows).toEqual(direct);
      expect(built.rows).toHaveLength(id === 'nobody' ? 0 : 1);
    }
  });

  it('refuses a value of the build itself, and a call that leaves an argument out', () => {
    const constant = new StatementTemplate<{ id: string }, 'id'>(['id'], (db, m) =>
      db
        .selectFrom('customers')
        .select('id')
        .where('id', '=', m.id)
        .where('created_at', '<', new Date().toISOString()),
    );
    expect(() => constant.run(store.db, { id: 'acme' })).toThrow(/not an argument/);
    const fine = new StatementTemplate<{ id: string }, 'id'>(['id'], (db, m) =>
      db.selectFrom('customers').select('id').where('id', '=', m.id),
    );
    expect(() => fine.run(store.db, {} as { id: string })).toThrow(/no value for id/);
  });

  it('refuses a statement that writes a value into its text or leaves one out', async () => {
    const spliced = new StatementTemplate<{ id: string }, 'id'>(['id'], (db, m) =>
      db
        .selectFrom('customers')
        .select('id')
        .where(sql.raw<boolean>(`id = '${m.id}'`)),
    );
    await expect(() => spliced.run(store.db, { id: 'acme' })).toThrow(/argument id/);
    const unused = new StatementTemplate<{ id: string }, 'id' | 'region'>(
      ['id', 'region'],
      (db, m) => db.selectFrom('customers').select('id').where('id', '=', m.id),
    );
    await expect(() => unused.run(store.db, { id: 'acme', region: 'x' })).toThrow(
      /argument region/,
    );
  });
});
