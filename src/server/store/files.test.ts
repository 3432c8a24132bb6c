// The data directory and the database files are private to their owner (DNSSEC private keys and
// key hashes live there), and looser modes found at start are tightened, with a line saying so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type OpenedStore } from './db';

const mode = (p: string) => fs.statSync(p).mode & 0o777;
let tmp = '';
let store: OpenedStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function writeSomething(s: OpenedStore) {
  await s.db
    .insertInto('customers')
    .values({ id: `c${Date.now()}`, default_region: 'EU', created_at: 'now' })
    .execute();
}

describe('data directory permissions', () => {
  it('creates the directory 0700 and the database, WAL and shared-memory files 0600', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-perm-'));
    const dataDir = path.join(tmp, 'new', 'data');
    const warnings: string[] = [];
    store = await openStore(dataDir, { warn: (l) => warnings.push(l) });
    await writeSomething(store);
    expect(mode(dataDir)).toBe(0o700);
    for (const f of ['zonedeck.db', 'zonedeck.db-wal', 'zonedeck.db-shm'])
      expect([f, mode(path.join(dataDir, f))]).toEqual([f, 0o600]);
    expect(warnings).toEqual([]);
  });

  it('tightens a directory and files left open to others, and says so', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-perm-'));
    const dataDir = path.join(tmp, 'data');
    store = await openStore(dataDir);
    await writeSomething(store);
    // As an older version or a careless copy left them: readable by everyone.
    fs.chmodSync(dataDir, 0o755);
    for (const f of ['zonedeck.db', 'zonedeck.db-wal', 'zonedeck.db-shm'])
      fs.chmodSync(path.join(dataDir, f), 0o644);
    fs.writeFileSync(path.join(dataDir, 'zonedeck.lock'), '', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'zonedeck.lock'), 0o666);

    const warnings: string[] = [];
    const again = await openStore(dataDir, { warn: (l) => warnings.push(l) });
    await again.close();
    expect(mode(dataDir)).toBe(0o700);
    for (const f of ['zonedeck.db', 'zonedeck.db-wal', 'zonedeck.db-shm', 'zonedeck.lock'])
      expect([f, mode(path.join(dataDir, f))]).toEqual([f, 0o600]);
    expect(warnings).toContain(
      `Tightened the permissions of ${dataDir} from 0755 to 0700: it holds private keys.`,
    );
    expect(warnings).toContain(
      `Tightened the permissions of ${path.join(dataDir, 'zonedeck.db')} from 0644 to 0600: it holds private keys.`,
    );
    expect(warnings).toContain(
      `Tightened the permissions of ${path.join(dataDir, 'zonedeck.lock')} from 0666 to 0600: it holds private keys.`,
    );
    expect(warnings).toHaveLength(5);
  });
});
