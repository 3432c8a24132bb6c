// One server per data directory: a second one is refused, naming the directory and the first
// server; the operator CLI still works beside it; a kill -9 leaves no lock behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, spawnServer, waitForExit, type ServerProcess } from '../test-support/process';
import { DataDirLocked, lockDataDir } from './lock';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-lock-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGKILL');
    await waitForExit(s.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second server, lets the CLI in, and leaves no lock behind a kill -9', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    servers.push(first);

    const second = await spawnServer({ DATA_DIR: dataDir }).then(
      () => 'started',
      (e: Error) => e.message,
    );
    expect(second).toMatch(/^server exited with 1:/);
    expect(second).toContain(`The data directory ${dataDir} is in use by another Zonedeck server`);
    expect(second).toContain(`(pid ${first.child.pid} on ${os.hostname()}, started 20`);
    expect(second).toContain('Stop that server first, or set DATA_DIR to another directory.');
    // The first server was not disturbed.
    const key = first.signInKey!;
    const auth = { headers: { Authorization: `Bearer ${key}` } };
    expect((await fetch(`${first.url}/v1/zones`, auth)).status).toBe(200);

    // The lock is the server's, not the database's: the operator's CLI works beside it.
    const list = await runScript('apikey', dataDir, ['list']);
    expect(list.stdout).toMatch(/^key_\w+ {2}customer=default/m);

    first.child.kill('SIGKILL');
    await waitForExit(first.child);
    const third = await spawnServer({ DATA_DIR: dataDir });
    servers.push(third);
    expect(third.signInKey).toBeNull(); // same data, served again
    expect((await fetch(`${third.url}/v1/zones`, auth)).status).toBe(200);
  }, 90_000);

  it('is held within one process too, and free again once released', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-lock-'));
    try {
      const lock = lockDataDir(dir);
      expect(fs.statSync(lock.file).mode & 0o777).toBe(0o600);
      expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
      expect(() => lockDataDir(dir)).toThrow(`(pid ${process.pid} on`);
      lock.release();
      lockDataDir(dir).release();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
