// A server that cannot use its data directory stops at once (exit 1) with a message naming the
// path and the cause: a directory that cannot be created, one it may not write, a database file
// that is not a database, a PostgreSQL (DATABASE_URL) that does not answer.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/pg-cluster';
import { spawnServer } from './test-support/process';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-startup-'));
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) execFileSync('umount', [m]);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The start-up failure of a server on `dataDir`, as its output says it. */
async function refusal(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const outcome = await spawnServer({ DATA_DIR: dataDir, ...env }).then(
    (s) => {
      s.child.kill('SIGKILL');
      return 'started';
    },
    (e: Error) => e.message,
  );
  expect(outcome).toMatch(/^server exited with 1:/);
  return outcome;
}

/** A directory this process cannot write: a read-only mount as root, a 0500 mode otherwise. */
function readOnlyDir(): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'ro-'));
  if (process.getuid?.() !== 0) {
    fs.chmodSync(dir, 0o500);
    return dir;
  }
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

describe('start-up errors name the path', () => {
  it('a data directory that cannot be created', async () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const dataDir = path.join(file, 'data');
    expect(await refusal(dataDir)).toContain(
      `Zonedeck failed to start: Cannot create the data directory ${dataDir}: not a directory (ENOTDIR).`,
    );
  }, 30_000);

  it('a data directory it may not write', async () => {
    const dataDir = readOnlyDir();
    expect(await refusal(dataDir)).toMatch(
      new RegExp(
        `Zonedeck failed to start: Cannot write to the data directory ${dataDir}: .+ \\((EROFS|EACCES)\\)\\.`,
      ),
    );
  }, 30_000);

  it('a database file that is not a database', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'junk-'));
    const file = path.join(dataDir, 'zonedeck.db');
    fs.writeFileSync(file, 'these are not the bytes of an SQLite database, '.repeat(100));
    const out = await refusal(dataDir);
    expect(out).toContain(
      `Zonedeck failed to start: Cannot open the database ${file}: file is not a database (SQLITE_NOTADB).`,
    );
    expect(out).toContain('Restore it from a backup');
    // The file was left as it was, for the operator to look at.
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^these are not the bytes/);
  }, 30_000);

  it('a PostgreSQL that does not answer: the URL without its password, and what to check', async () => {
    const port = await freePort(); // nothing listens there
    const url = `postgres://zonedeck:s3cret@127.0.0.1:${port}/zonedeck`;
    const out = await refusal(fs.mkdtempSync(path.join(tmp, 'pg-')), { DATABASE_URL: url });
    expect(out).toContain(
      `Zonedeck failed to start: Cannot connect to the PostgreSQL database of DATABASE_URL (postgres://zonedeck:***@127.0.0.1:${port}/zonedeck): connect ECONNREFUSED 127.0.0.1:${port}.`,
    );
    expect(out).not.toContain('s3cret');
  });
});
