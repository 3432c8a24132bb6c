// Two Zonedeck nodes on one PostgreSQL (issue 16, ADR 0021), as real processes: a write accepted
// by either node is served by both nodes' DNS; one node killed with SIGKILL in the middle of
// writes leaves the other serving and accepting, with every acknowledged write there; the
// restarted node catches up; background work moves to the node that is left; usage adds up.
import dnsPacket from 'dns-packet';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, ensureCustomer, revokeApiKey } from './store/customers';
import { openStore } from './store/db';
import { queryPacket, udpAsk } from './test-support/dns-wire';
import { call } from './test-support/kill-under-writes';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';
import { spawnServer, waitForExit, type ServerProcess } from './test-support/process';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-nodes-'));
const dirA = path.join(root, 'a');
const dirB = path.join(root, 'b');
let cluster: PgCluster;
let a: ServerProcess;
let b: ServerProcess;
let key: string;

const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: cluster.url,
  API_RATE_LIMIT: '0',
  DNS_RRL_RATE: '0',
});

beforeAll(async () => {
  cluster = await startPgCluster();
  a = await spawnServer(env(dirA));
  key = a.signInKey!;
  b = await spawnServer(env(dirB));
}, 90_000);

afterAll(async () => {
  for (const node of [a, b]) {
    node?.child.kill('SIGTERM');
    if (node) await waitForExit(node.child);
  }
  await cluster?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Whether the node's DNS answers the zone's SOA (it serves the zone). */
async function knowsZone(node: ServerProcess, zone: string): Promise<boolean> {
  const m = dnsPacket.decode(await udpAsk(node.dnsPort, queryPacket(2, zone, 'SOA')));
  return (m.answers ?? []).some((r) => r.type === 'SOA');
}

/** The A record's addresses at `name` as the node's DNS answers them now. */
async function served(node: ServerProcess, name: string): Promise<string[]> {
  const answer = dnsPacket.decode(await udpAsk(node.dnsPort, queryPacket(1, name, 'A')));
  return (answer.answers ?? []).flatMap((r) => (r.type === 'A' ? [r.data] : []));
}

async function createZone(node: ServerProcess, name: string): Promise<string> {
  const r = await call(node.url, key, 'POST', '/v1/zones', { name });
  expect(r.status).toBe(201);
  return r.body.data.id as string;
}

/** Writers creating `w<i>.<zone> A` on the nodes in turn; the indexes acknowledged. */
async function writeSpread(
  nodes: () => ServerProcess[],
  zoneId: string,
  from: number,
  count: number,
  onAck?: (i: number, node: ServerProcess) => Promise<void>,
): Promise<number[]> {
  const acked: number[] = [];
  let next = from;
  const writer = async () => {
    while (next < from + count) {
      const i = next++;
      const list = nodes();
      const node = list[i % list.length]!;
      let status: number;
      try {
        const body = { name: `w${i}`, type: 'A', content: address(i) };
        status = (await call(node.url, key, 'POST', `/v1/zones/${zoneId}/records`, body)).status;
      } catch {
        continue; // the node was killed under this request: not acknowledged
      }
      if (status !== 201) continue;
      acked.push(i);
      await onAck?.(i, node);
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  return acked.sort((x, y) => x - y);
}

/** The acknowledged writes that the node's DNS does not serve. */
async function notServed(node: ServerProcess, zone: string, acked: number[]): Promise<number[]> {
  const missing: number[] = [];
  for (const i of acked) {
    const got = await served(node, `w${i}.${zone}`);
    if (!got.includes(address(i))) missing.push(i);
  }
  return missing;
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two nodes on one PostgreSQL', () => {
  it('serves every write accepted by either node from both nodes’ DNS', async () => {
    const zone = 'spread.example';
    const zoneId = await createZone(a, zone);
    // The other node serves the new zone too (its SOA) without being asked anything else.
    await until(() => knowsZone(b, zone));
    // The node that acknowledged serves at once; the other within moments (measured by the
    // benchmark: bench:nodes).
    const lateOnOther: number[] = [];
    const acked = await writeSpread(
      () => [a, b],
      zoneId,
      0,
      1000,
      async (i, node) => {
        expect(await served(node, `w${i}.${zone}`)).toContain(address(i));
        const other = node === a ? b : a;
        await until(async () => (await served(other, `w${i}.${zone}`)).includes(address(i)), 5000);
        if (!(await served(other, `w${i}.${zone}`)).includes(address(i))) lateOnOther.push(i);
      },
    );
    expect(acked).toHaveLength(1000);
    expect(lateOnOther).toEqual([]);
    expect(await notServed(a, zone, acked)).toEqual([]);
    expect(await notServed(b, zone, acked)).toEqual([]);
    // Both nodes' SOA serials agree.
    const serial = async (node: ServerProcess) => {
      const m = dnsPacket.decode(await udpAsk(node.dnsPort, queryPacket(3, zone, 'SOA')));
      return (m.answers ?? []).flatMap((r) => (r.type === 'SOA' ? [r.data.serial] : []));
    };
    expect(await serial(a)).toEqual(await serial(b));
  }, 120_000);

  it('catches up from the journal what was written while its feed connection was down', async () => {
    const zone = 'reconnect.example';
    const zoneId = await createZone(a, zone);
    await until(() => knowsZone(b, zone));
    // Every node's feed connection is cut; the writes below commit before they reconnect, so
    // their notifications reach nobody: the nodes catch up by comparing serials and replaying.
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'zonedeck change feed'",
      );
      expect(rows.length).toBe(2);
    } finally {
      await db.end();
    }
    const acked = await writeSpread(() => [a], zoneId, 0, 20);
    expect(acked).toHaveLength(20);
    await until(async () => (await notServed(b, zone, acked)).length === 0, 10_000);
    expect(await notServed(a, zone, acked)).toEqual([]);
  }, 60_000);

  it('refuses a revoked key on every node at once, the nodes having kept it (issue 16)', async () => {
    const store = await openStore(path.join(root, 'operator'), { databaseUrl: cluster.url });
    try {
      await ensureCustomer(store.db, 'revoking', 'EU_GLOBAL');
      const status = async (node: ServerProcess, k: string) =>
        (await call(node.url, k, 'GET', '/v1/zones')).status;
      const everyNode = async (k: string, want: number) =>
        (await Promise.all([a, b].map((node) => status(node, k)))).every((s) => s === want);

      // Revoked by another process (the apikey command's way): the notification reaches both.
      const one = await createApiKey(store.db, 'revoking', ['zones:read']);
      expect(await everyNode(one.key, 200)).toBe(true);
      expect(await everyNode(one.key, 200)).toBe(true); // now kept by both
      await revokeApiKey(store.db, one.id);
      await until(() => everyNode(one.key, 401), 3_000);

      // Revoked behind the nodes' backs (no notification) while their feeds are down: a node
      // that may have missed a revocation forgets every key it kept.
      const two = await createApiKey(store.db, 'revoking', ['zones:read']);
      expect(await everyNode(two.key, 200)).toBe(true);
      expect(await everyNode(two.key, 200)).toBe(true);
      const feeds =
        "select pid from pg_stat_activity where application_name = 'zonedeck change feed'";
      const db = new pg.Client({ connectionString: cluster.url });
      await db.connect();
      try {
        const cut = (await db.query<{ pid: number }>(feeds)).rows.map((r) => r.pid);
        await db.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)',
          [cut],
        );
        await db.query('update api_keys set revoked_at = $1 where id = $2', [
          new Date().toISOString(),
          two.id,
        ]);
        // Both nodes listen again on new connections and have caught up (ready, "following").
        await until(async () => {
          const now = (await db.query<{ pid: number }>(feeds)).rows.map((r) => r.pid);
          return now.length === 2 && now.every((pid) => !cut.includes(pid));
        });
        await until(async () => {
          const ready = await Promise.all([a, b].map((node) => fetch(`${node.url}/readyz`)));
          return ready.every((r) => r.status === 200);
        });
      } finally {
        await db.end();
      }
      // Refused at once, not after the 60 s a kept key is trusted at most (MAX_AGE_MS).
      expect(await everyNode(two.key, 401)).toBe(true);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('gives one 201 and one 409 when both nodes create the same zone at once', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `race${round}.example`;
      const answers = await Promise.all(
        [a, b].map((node) => call(node.url, key, 'POST', '/v1/zones', { name })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    }
  }, 60_000);

  it('adds up the usage counted by both nodes', async () => {
    const zone = 'counted.example';
    const zoneId = await createZone(a, zone);
    await until(() => knowsZone(b, zone));
    for (let i = 0; i < 30; i++) await udpAsk(a.dnsPort, queryPacket(i, zone, 'SOA'));
    for (let i = 0; i < 20; i++) await udpAsk(b.dnsPort, queryPacket(i, zone, 'SOA'));
    // And the one probe of b that found the zone (those before it were REFUSED: no zone's).
    const expected = 50 + 1;
    // Each node writes its own counts (increments, every 3 s): the sum appears on both.
    for (const node of [a, b]) {
      await until(async () => {
        const r = await call(node.url, key, 'GET', `/v1/zones/${zoneId}/usage`);
        return (r.body.data as { total_queries?: number }).total_queries === expected;
      }, 15_000);
      // The day's top names too: each node's sketch is its own, read added up.
      await until(async () => {
        const r = await call(node.url, key, 'GET', `/v1/zones/${zoneId}/usage/top-names`);
        const asked = (r.body.data as { asked: { name: string; queries: number }[] }).asked;
        return asked.some((n) => n.name === `${zone}.` && n.queries === expected);
      }, 15_000);
    }
  }, 60_000);

  it('keeps serving and accepting when a node dies under writes; the restarted node catches up', async () => {
    const zone = 'survive.example';
    const zoneId = await createZone(a, zone);
    await until(() => knowsZone(b, zone));
    let killed = false;
    const nodes = () => (killed ? [a] : [a, b]);
    const first = writeSpread(nodes, zoneId, 0, 600);
    // SIGKILL in the middle of the writes.
    await until(async () => {
      const r = await call(a.url, key, 'GET', `/v1/zones/${zoneId}`);
      return (r.body.data as { record_count?: number }).record_count! >= 150;
    });
    b.child.kill('SIGKILL');
    killed = true;
    await waitForExit(b.child);
    const acked = await first;
    // The node left accepts and serves; nothing acknowledged by either node is lost.
    const after = await writeSpread(() => [a], zoneId, 600, 100);
    expect(after).toHaveLength(100);
    expect(await notServed(a, zone, [...acked, ...after])).toEqual([]);
    const list = await call(a.url, key, 'GET', `/v1/zones/${zoneId}/records?limit=1000`);
    const stored = new Set(list.body.data.records!.map((r) => r.content));
    expect([...acked, ...after].filter((i) => !stored.has(address(i)))).toEqual([]);

    // The restarted node serves everything, the writes made while it was away included.
    b = await spawnServer(env(dirB));
    expect(await notServed(b, zone, [...acked, ...after])).toEqual([]);
    const more = await writeSpread(() => [a], zoneId, 700, 20);
    await until(async () => (await notServed(b, zone, more)).length === 0, 5000);
  }, 180_000);

  it('moves the background work to the node left when the leader dies', async () => {
    const zoneId = await createZone(b, 'purged.example');
    await call(b.url, key, 'POST', `/v1/zones/${zoneId}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    // a started first and leads; it dies, b takes over and purges a zone deleted on b.
    a.child.kill('SIGKILL');
    await waitForExit(a.child);
    const del = await call(b.url, key, 'DELETE', `/v1/zones/${zoneId}`);
    expect([200, 202, 204]).toContain(del.status);
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      await until(async () => {
        const { rows } = await db.query('select count(*)::int as n from zones where id = $1', [
          zoneId,
        ]);
        return rows[0].n === 0;
      }, 20_000);
    } finally {
      await db.end();
    }
    a = await spawnServer(env(dirA));
  }, 60_000);
});
