import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const nodeTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];

/**
 * The PostgreSQL half of the test matrix (ADR 0019): the route, store, journal and DNS suites
 * that open their store through the test support (harness.ts, test-store.ts, resolve-fixture.ts),
 * which opens it on PostgreSQL when ZONEDECK_TEST_STORE=postgres. Suites that test SQLite
 * itself (its faults, the data directory's lock, its backup) stay on SQLite only.
 */
const SQLITE_ONLY = [
  'src/server/http/storage-fault.test.ts',
  // 100,000 queries counted in memory: nothing of it reaches the store but a few rows.
  'src/server/dns/junk-flood.test.ts',
];
const OPENS_STORE =
  /test-support\/harness|test-support\/test-store|dns\/resolve-fixture|\.\/resolve-fixture|\.\/harness|\.\/test-store/;

function storeSuites(): string[] {
  const out: string[] = [];
  for (const dir of ['src/server/http', 'src/server/store', 'src/server/dns']) {
    for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const file = path.posix.join(dir, entry.split(path.sep).join('/'));
      if (!file.endsWith('.test.ts') || SQLITE_ONLY.includes(file)) continue;
      if (OPENS_STORE.test(fs.readFileSync(file, 'utf8'))) out.push(file);
    }
  }
  return out.sort();
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two test files at a time, also on two cores (Vitest's default is one fewer than the cores):
    // most suites spend their time waiting on real daemons, PostgreSQL and DNS round trips, so
    // the whole run took 666 s with two against 967 s with one (2026-11-27, all 2,696 passing).
    maxWorkers: 2,
    // The server's suites share each worker's modules from one file to the next (`isolate:
    // false` in their projects): every file starts its own server, store and daemons, and
    // importing Hono, zod, Kysely and the app once per worker rather than once per file took the
    // node project from 315 s to 226 s (2026-11-27, run in turn, all passing). Module state that
    // outlives a file must be reset for the next: the test databases' drop (test-store.ts) and
    // the prepared statements' texts (prepared.test.ts) are. The dashboard's suites stay
    // isolated: they mock modules per file and keep the session in module state.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: nodeTests,
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-pg',
          include: storeSuites(),
          environment: 'node',
          isolate: false,
          // The bad-input property test checks validation, which is the same code on both
          // stores, 300 runs a route on SQLite; here 100 runs check that refusals leave
          // PostgreSQL untouched too, at a third of the time.
          env: { ZONEDECK_TEST_STORE: 'postgres', BAD_INPUT_RUNS: '100' },
          globalSetup: ['src/server/test-support/pg-global-setup.ts'],
        },
      },
      {
        // The dashboard's tests run in jsdom, with Testing Library's matchers and cleanup.
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
