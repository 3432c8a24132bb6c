// The store a test opens: SQLite in its data directory, or, in the node-pg project of the test
// matrix, a fresh PostgreSQL database of the throwaway cluster (pg-global-setup.ts), copied
// from the migrated template. The same data directory gives the same database, so a test that
// closes its store and opens it again (a restart) finds its data.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openStore, type OpenedStore } from '../store/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the cluster's maintenance database; '' when the tests run on SQLite. */
    pgUrl: string;
    /** The migrated database each test database is copied from. */
    pgTemplate: string;
  }
}

/** Which store this test run uses (the matrix's env switch, set by the vitest project). */
export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.ZONEDECK_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
}

const created = new Set<string>();
let dropsRegistered = false;

/** postgres://… of the database for `dataDir`, made from the template on first use. */
export async function testDatabaseUrl(dataDir: string): Promise<string> {
  const base = inject('pgUrl');
  if (!base) {
    throw new Error(
      'ZONEDECK_TEST_STORE=postgres but no cluster was started: run the node-pg vitest project',
    );
  }
  const name = `t_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
  if (!created.has(name)) {
    await admin(base, (c) =>
      c.query(`create database ${name} template ${inject('pgTemplate')} strategy file_copy`),
    );
    created.add(name);
    if (!dropsRegistered) {
      dropsRegistered = true;
      // After the file's own afterAll hooks (hooks run as a stack): its stores are closed.
      afterAll(dropTestDatabases);
    }
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Opens the store for `dataDir` on the matrix's database. */
export async function openTestStore(dataDir: string): Promise<OpenedStore> {
  if (testDialect() === 'sqlite') return openStore(dataDir);
  return openStore(dataDir, { databaseUrl: await testDatabaseUrl(dataDir) });
}

async function dropTestDatabases(): Promise<void> {
  const base = inject('pgUrl');
  for (const name of created) {
    await admin(base, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
  created.clear();
  // The next test file in this worker (modules are shared between files, vitest.config.ts)
  // registers its own drop.
  dropsRegistered = false;
}

async function admin(url: string, work: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
