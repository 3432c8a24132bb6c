// A node's change feed when its connection comes back (ADR 0021). A notification that arrives in
// the same read as LISTEN's answer must not be applied before the catch-up: its serial would
// hide from the catch-up the writes this node missed while no connection listened (serials are
// not contiguous, so a gap cannot be told from them), and the node would never serve those.
// Real PostgreSQL, and a second real node writing. This process holds its event loop while that
// write commits, so that LISTEN's answer and the notification wait in one socket read, as they
// do on a loaded machine (a fresh-clone CI run lost writes so).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { spawnServer, waitForExit, type ServerProcess } from '../test-support/process';
import { testDatabaseUrl, testDialect } from '../test-support/test-store';

const onPostgres = testDialect() === 'postgres';
const FEED = 'zonedeck change feed';
let b: TestServer | undefined;
let a: ServerProcess | undefined;
let dirA = '';
let url = '';
let key = '';

beforeAll(async () => {
  if (!onPostgres) return;
  b = await startTestServer();
  url = await testDatabaseUrl(b.dataDir);
  key = await b.key();
  dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-feed-a-'));
  a = await spawnServer({ DATA_DIR: dirA, DATABASE_URL: url, DNS_RRL_RATE: '0' });
}, 120_000);

afterAll(async () => {
  if (a) {
    a.child.kill('SIGTERM');
    await waitForExit(a.child);
  }
  await b?.close();
  if (dirA) fs.rmSync(dirA, { recursive: true, force: true });
});

/** A record created through node `a`, from another process; its HTTP status. */
function createOnA(zoneId: string, name: string, content: string): number {
  const request = {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, type: 'A', content }),
  };
  const script = `fetch(${JSON.stringify(`${a!.url}/v1/zones/${zoneId}/records`)}, ${JSON.stringify(request)}).then((r) => process.stdout.write(String(r.status)))`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
  return Number(r.stdout);
}

async function served(name: string): Promise<string[]> {
  const answer = await dig(b!.service.dnsPort, name, 'A');
  return answer.records.filter((r) => r.type === 'A').map((r) => r.data);
}

it.skipIf(!onPostgres)(
  'applies the writes it missed before a notification that came with its LISTEN answer',
  async () => {
    const zone = 'catch-up-race.example';
    const zoneId = await createZone(b!.admin, zone);
    // When this process's feed sends LISTEN again, a write is made through node `a` and waited
    // for with the event loop held: its notification lands behind LISTEN's answer.
    const query = pg.Client.prototype.query;
    let armed = false;
    let heldWrite = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const out = (query as (...a: unknown[]) => unknown).apply(this, args);
      const app = (this as unknown as { connectionParameters?: { application_name?: string } })
        .connectionParameters?.application_name;
      if (armed && app === FEED && String(args[0]).startsWith('LISTEN')) {
        armed = false;
        heldWrite = createOnA(zoneId, 'second', '192.0.2.2');
      }
      return out;
    } as typeof query;
    try {
      // Both nodes' feed connections are cut (the database is this test's own).
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = $1 and datname = current_database()`,
          [FEED],
        );
        expect(rows.length).toBe(2);
      } finally {
        await admin.end();
      }
      armed = true;
      // Committed while no connection listens (each feed reconnects after a second): no node
      // hears of it but by catching up.
      expect(createOnA(zoneId, 'first', '192.0.2.1')).toBe(201);
      const until = Date.now() + 15_000;
      while (armed && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(heldWrite, 'the feed reconnected and the held write was made').toBe(201);
      // Both are served: the second from its notification or the catch-up, the first from the
      // catch-up alone.
      const deadline = Date.now() + 5_000;
      let first: string[] = [];
      let second: string[] = [];
      do {
        [first, second] = await Promise.all([served(`first.${zone}`), served(`second.${zone}`)]);
        if (first.length && second.length) break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < deadline);
      expect(second).toEqual(['192.0.2.2']);
      expect(first).toEqual(['192.0.2.1']);
    } finally {
      pg.Client.prototype.query = query;
    }
  },
  60_000,
);
