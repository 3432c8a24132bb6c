// A real full disk under a running server: its data directory on a small tmpfs, filled up by a
// file beside the database. Writes answer 503 storage_unavailable, the log names SQLITE_FULL
// (not the failed ROLLBACK that follows it), and writes work again once there is room.
// Mounting needs root; on a developer's machine without it this file is skipped (the
// PRAGMA-made faults of http/storage-fault.test.ts still run), but never in CI, which is root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitForExit, type ServerProcess } from './test-support/process';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-full-'));
function tryMount(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}
const mounted = process.getuid?.() === 0 && tryMount();
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) {
    server.child.kill('SIGKILL');
    await waitForExit(server.child);
  }
  if (mounted) execFileSync('umount', [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the file system holding `dir` to the last byte; returns the filler's path. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(16 * 1024, 1);
  try {
    for (let i = 0; i < 1024; i++) fs.writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

describe.skipIf(!mounted && !process.env.CI)('a full disk under a running server', () => {
  it('has its own small file system to fill (CI runs as root and can mount a tmpfs)', () => {
    expect(mounted).toBe(true);
  });

  it('answers 503 storage_unavailable, logs SQLITE_FULL, and recovers when room returns', async () => {
    server = await spawnServer({ DATA_DIR: mountPoint, LOG_LEVEL: 'error', API_RATE_LIMIT: '0' });
    const key = server.signInKey!;
    const post = async (p: string, body: unknown) => {
      const res = await fetch(server!.url + p, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test boundary
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    };
    const zone = await post('/v1/zones', { name: 'full.example' });
    expect(zone.status).toBe(201);
    let n = 0;
    const addRecord = () =>
      post(`/v1/zones/${zone.body.data.id}/records`, {
        name: `h${n}`,
        type: 'TXT',
        content: `"${'y'.repeat(250)} ${n++}"`,
      });

    const filler = fill(mountPoint);
    let r = await addRecord();
    for (let i = 0; i < 200 && r.status === 201; i++) r = await addRecord();
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('60');
    expect(r.body.error.code).toBe('storage_unavailable');
    expect(r.body.error.message).toBe(
      'The service cannot write to its database right now (disk full); try again later.',
    );
    // The log line travels through a pipe: wait for it, within bounds.
    for (let i = 0; i < 100 && !server.output().includes('storage fault'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toMatch(/"msg":"storage fault"/);
    expect(server.output()).toContain('SQLITE_FULL');
    expect(server.output()).not.toContain('cannot rollback');

    fs.rmSync(filler);
    r = await addRecord();
    expect(r.status).toBe(201);
  }, 60_000);
});
