// DNS workers (DNS_WORKERS > 1): every process answers on the one UDP port; a write, once
// acknowledged, is served by all of them; their counts add up exactly in the usage route; a
// killed worker is started again and catches up; TSIG-signed queries a worker receives are
// answered, signed, by the main process; stopping the server stops its workers, and so does
// killing it.
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTsigKeys, signRequest, verifyResponse } from '../transfer/tsig';
import { createZone, startTestServer, type TestServer } from '../../test-support/harness';
import { spawnServer, waitForExit } from '../../test-support/process';

/**
 * Sends every packet from one socket, `window` at a time (more in flight would overflow socket
 * buffers on a loaded machine, and a lost query would spoil the exact counts); resolves with the
 * answers by query id.
 */
async function flood(port: number, packets: Buffer[], window = 64): Promise<Map<number, Buffer>> {
  const sock = dgram.createSocket('udp4');
  const answers = new Map<number, Buffer>();
  let sent = 0;
  const next = () => {
    if (sent < packets.length) sock.send(packets[sent++]!, port, '127.0.0.1');
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${packets.length - answers.size} of ${packets.length} unanswered`)),
      30_000,
    );
    sock.on('message', (m) => {
      answers.set(m.readUInt16BE(0), m);
      if (answers.size === packets.length) {
        clearTimeout(timer);
        resolve();
      } else next();
    });
    for (let i = 0; i < window; i++) next();
  }).finally(() => sock.close());
  return answers;
}

const query = (id: number, name: string, type: dnsPacket.RecordType = 'A') =>
  dnsPacket.encode({ type: 'query', id, questions: [{ name, type, class: 'IN' }] });

const addresses = (m: Buffer) =>
  dnsPacket.decode(m).answers!.flatMap((a) => (a.type === 'A' ? [a.data] : []));

describe('DNS workers', () => {
  let srv: TestServer;
  let zoneId: string;
  beforeAll(async () => {
    // Three processes: the main one and two workers. dig and the floods ask from one address.
    srv = await startTestServer({ DNS_WORKERS: '3', DNS_RRL_RATE: '0' });
    zoneId = await createZone(srv.admin, 'workers.example');
  }, 120_000);
  afterAll(() => srv?.close());

  const dnsPort = () => srv.service.dnsPort;
  const pool = () => srv.service.workers!;

  it('starts the workers asked for, each answering on the one port', async () => {
    expect(pool().list()).toHaveLength(2);
    expect(
      pool()
        .list()
        .every((w) => w.serving),
    ).toBe(true);
    const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
      ttl: 300,
    });
    expect(r.status).toBe(201);
    const answers = await flood(
      dnsPort(),
      Array.from({ length: 3000 }, (_, i) => query(i, 'www.workers.example')),
    );
    for (const m of answers.values()) expect(addresses(m)).toEqual(['192.0.2.1']);
    await srv.admin.get(`/v1/zones/${zoneId}/usage`); // gathers the workers' counts
    const byWorker = pool()
      .list()
      .map((w) => w.answered);
    // The kernel hands each datagram to one reader: under a flood every process reads some.
    expect(byWorker.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  }, 60_000);

  it('serves a write on every process as soon as it is acknowledged', async () => {
    for (let round = 2; round <= 6; round++) {
      const put = await srv.admin.put(`/v1/zones/${zoneId}/records/by-name/www/A`, {
        content: `192.0.2.${round}`,
        ttl: 300,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const answers = await flood(
        dnsPort(),
        Array.from({ length: 600 }, (_, i) => query(i, 'www.workers.example')),
      );
      for (const m of answers.values()) expect(addresses(m)).toEqual([`192.0.2.${round}`]);
    }
  }, 60_000);

  it('adds up the counts of every process exactly', async () => {
    const before = (await srv.admin.get(`/v1/zones/${zoneId}/usage`)).body.data;
    const packets = [
      ...Array.from({ length: 2000 }, (_, i) => query(i, 'www.workers.example')),
      ...Array.from({ length: 500 }, (_, i) => query(2000 + i, `nx${i}.workers.example`)),
      ...Array.from({ length: 300 }, (_, i) => query(2500 + i, 'www.workers.example', 'AAAA')),
    ];
    await flood(dnsPort(), packets);
    const after = (await srv.admin.get(`/v1/zones/${zoneId}/usage`)).body.data;
    expect(after.total_queries - before.total_queries).toBe(2800);
    expect(after.by_outcome.answer - before.by_outcome.answer).toBe(2000);
    expect(after.by_outcome.nxdomain - before.by_outcome.nxdomain).toBe(500);
    expect(after.by_outcome.nodata - before.by_outcome.nodata).toBe(300);
    expect(after.queries_by_type.AAAA - (before.queries_by_type.AAAA ?? 0)).toBe(300);
    const today = new Date().toISOString().slice(0, 10);
    const top = (await srv.admin.get(`/v1/zones/${zoneId}/usage/top-names?date=${today}`)).body
      .data;
    const www = (top.asked as { name: string; queries: number; error: number }[]).find(
      (n) => n.name === 'www.workers.example.',
    );
    // Every query for www in this file, from whichever process answered it, within the merged
    // sketch's bound: exact while each worker's sketch held fewer names than its slots between
    // two handovers; when 500 junk names pushed www out of one for a moment, the count may be
    // over by the error it reports, never under (ADR 0016, 0020).
    const wwwQueries = 3000 + 5 * 600 + 2300;
    expect(www, JSON.stringify(top.asked)).toBeDefined();
    expect(www!.queries).toBeGreaterThanOrEqual(wwwQueries);
    expect(www!.queries - www!.error).toBeLessThanOrEqual(wwwQueries);
    expect(www!.error).toBeLessThanOrEqual(50);
    const rrsets = (await srv.admin.get(`/v1/zones/${zoneId}/usage/rrsets?days=1`)).body.data
      .rrsets as { name: string; type: string; queries: number; last_queried_at: string }[];
    // The A RRset answered every A query for www (the AAAA ones were NODATA: no RRset).
    expect(rrsets.find((x) => x.name === 'www.workers.example.' && x.type === 'A')).toMatchObject({
      queries: 3000 + 5 * 600 + 2000,
    });
  }, 60_000);

  it('adds up what every process saw of a change that broke names (the change watch)', async () => {
    const created = await srv.admin.post(`/v1/zones/${zoneId}/records`, {
      name: 'doomed',
      type: 'A',
      content: '203.0.113.5',
      ttl: 300,
    });
    expect(created.status).toBe(201);
    const del = await srv.admin.delete(`/v1/zones/${zoneId}/records/by-name/doomed/A`);
    expect(del.status, JSON.stringify(del.body)).toBeLessThan(300);
    await flood(
      dnsPort(),
      Array.from({ length: 1200 }, (_, i) => query(i, 'doomed.workers.example')),
    );
    const watch = (await srv.admin.get(`/v1/zones/${zoneId}/usage/watch`)).body.data;
    const change = (watch.changes as { failed: number; verdict: { status: string } }[])[0]!;
    // Every NXDOMAIN for the deleted name, whichever process answered it.
    expect(change.failed).toBe(1200);
    expect(change.verdict.status).toBe('alert');
  }, 60_000);

  it('starts a killed worker again, which serves the writes made meanwhile', async () => {
    const [victim] = pool().list();
    process.kill(victim!.pid, 'SIGKILL');
    const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, {
      name: 'late',
      type: 'A',
      content: '198.51.100.9',
      ttl: 300,
    });
    expect(r.status).toBe(201);
    const deadline = Date.now() + 60_000;
    while (!(
      pool().list().length === 2 &&
      pool()
        .list()
        .every((w) => w.serving)
    )) {
      if (Date.now() > deadline) throw new Error('the worker was not started again');
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(
      pool()
        .list()
        .map((w) => w.pid),
    ).not.toContain(victim!.pid);
    const answers = await flood(
      dnsPort(),
      Array.from({ length: 1500 }, (_, i) => query(i, 'late.workers.example')),
    );
    for (const m of answers.values()) expect(addresses(m)).toEqual(['198.51.100.9']);
  }, 90_000);
});

describe('DNS workers and the catalog zone', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      DNS_WORKERS: '2',
      DNS_RRL_RATE: '0',
      DNS_TRANSFER_ALLOW: '127.0.0.0/8',
      DNS_CATALOG_ZONE: 'catalog.workers.internal.',
    });
  }, 120_000);
  afterAll(() => srv?.close());

  it("relays the catalog's SOA queries, in any case, to the process that keeps the catalog", async () => {
    // Only the main process keeps the catalog: a worker that answered itself would refuse.
    const names = [
      'catalog.workers.internal',
      'CATALOG.Workers.Internal',
      'cAtAlOg.workers.INTERNAL',
    ];
    const answers = await flood(
      srv.service.dnsPort,
      Array.from({ length: 300 }, (_, i) => query(i, names[i % 3]!, 'SOA')),
    );
    expect(answers.size).toBe(300);
    for (const m of answers.values()) {
      const p = dnsPacket.decode(m) as dnsPacket.DecodedPacket & { rcode: string };
      expect(p.rcode).toBe('NOERROR');
      expect(p.answers?.map((a) => a.type)).toEqual(['SOA']);
    }
  }, 60_000);
});

describe('DNS workers and TSIG', () => {
  const keyText = 'xfr.workers.example:hmac-sha256:c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0IQ==';
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      DNS_WORKERS: '2',
      DNS_RRL_RATE: '0',
      DNS_TSIG_KEYS: keyText,
      DNS_TRANSFER_ALLOW: 'key:xfr.workers.example',
    });
    await createZone(srv.admin, 'signed-soa.example');
  }, 120_000);
  let closed = false;
  afterAll(() => (closed ? undefined : srv?.close()));

  it('answers every TSIG-signed query signed, whichever process received it', async () => {
    const parsed = parseTsigKeys(keyText);
    if (!parsed.ok) throw new Error(parsed.message);
    const key = [...parsed.keys.values()][0]!;
    const signed = Array.from({ length: 400 }, (_, i) =>
      signRequest(query(i, 'signed-soa.example', 'SOA'), key),
    );
    const answers = await flood(
      srv.service.dnsPort,
      signed.map((s) => s.message),
    );
    for (const [id, m] of answers) {
      const check = verifyResponse(m, key, signed[id]!.mac);
      expect(check.ok, check.ok ? '' : check.reason).toBe(true);
    }
  }, 60_000);

  it('stops its workers when the server stops', async () => {
    const pids = srv.service.workers!.list().map((w) => w.pid);
    expect(pids).toHaveLength(1);
    closed = true;
    await srv.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});

describe('DNS workers of a killed server', () => {
  it('exit when the main process is killed, leaving the port free', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-workers-'));
    const server = await spawnServer({ DATA_DIR: dataDir, DNS_WORKERS: '2' });
    const pid = server.child.pid!;
    const children = () =>
      fs
        .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    const workers = children();
    expect(workers).toHaveLength(1);
    server.child.kill('SIGKILL');
    await waitForExit(server.child);
    const deadline = Date.now() + 10_000;
    while (workers.some((w) => fs.existsSync(`/proc/${w}`))) {
      if (Date.now() > deadline) throw new Error('the DNS worker outlived its main process');
      await new Promise((res) => setTimeout(res, 50));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
