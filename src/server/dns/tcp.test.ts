// DNS over TCP under the attacks a public server meets, on real loopback connections: a trickle
// of bytes, a client that never stops, too many connections from one address, and a client that
// pipelines queries without reading the answers (the server's RSS read from /proc). Every loop
// is bounded in count and time; the assertions are about what happens, not how fast.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPacket } from '../test-support/dns-wire';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { metricValue } from '../test-support/metrics';
import { spawnServer, waitForExit, type ServerProcess } from '../test-support/process';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    DNS_TCP_IDLE_MS: '1500',
    DNS_TCP_SESSION_MS: '4000',
    DNS_TCP_MAX_PER_ADDRESS: '3',
    DNS_TCP_MAX_CONNECTIONS: '5',
  });
  const id = await createZone(server.admin, 'tcp.test');
  await server.admin.post(`/v1/zones/${id}/records`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.1',
  });
});
afterAll(() => server?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function frame(id: number, name = 'www.tcp.test', type: dnsPacket.RecordType = 'A'): Buffer {
  const q = queryPacket(id, name, type);
  const f = Buffer.alloc(2 + q.length);
  f.writeUInt16BE(q.length, 0);
  q.copy(f, 2);
  return f;
}

/** A client connection that collects answer IDs and notes when the server closes it. */
async function connect(port: number, from = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  const ids: number[] = [];
  let closed = false;
  let buf = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
      ids.push(buf.readUInt16BE(2));
      buf = buf.subarray(2 + buf.readUInt16BE(0));
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, ids, isClosed: () => closed };
}

const closedCount = (reason: string) =>
  metricValue(server.service.metrics, 'zonedeck_dns_tcp_closed_total', { reason });

describe('TCP limits', () => {
  it('closes a connection that trickles a byte at a time: bytes do not reset the idle limit', async () => {
    const before = await closedCount('idle');
    const c = await connect(server.service.dnsPort);
    const bytes = frame(1);
    let written = 0;
    // One byte every 0.5 s: the whole query would take ~15 s; the idle limit is 1.5 s.
    while (!c.isClosed() && written < bytes.length) {
      c.socket.write(bytes.subarray(written, written + 1));
      written++;
      await sleep(500);
    }
    expect(c.isClosed()).toBe(true);
    expect(written).toBeGreaterThanOrEqual(3); // the trickle did run past the idle limit
    expect(written).toBeLessThan(bytes.length);
    expect(c.ids).toEqual([]);
    expect(await closedCount('idle')).toBe(before + 1);
  });

  it('keeps a connection that asks, past the idle limit, and closes it at the session limit', async () => {
    const before = await closedCount('session');
    const c = await connect(server.service.dnsPort);
    let id = 0;
    // A query every 0.4 s for at most 8 s: the session limit (4 s) must end it first.
    while (!c.isClosed() && id < 20) {
      c.socket.write(frame(++id));
      await sleep(400);
    }
    expect(c.isClosed()).toBe(true);
    expect(id).toBeGreaterThan(5); // it outlived the 1.5 s idle limit by asking
    expect(c.ids.length).toBeGreaterThanOrEqual(id - 1);
    expect(await closedCount('session')).toBe(before + 1);
  });

  it('refuses a connection beyond the per-address cap, not one from another address', async () => {
    const before = await closedCount('per_address');
    const port = server.service.dnsPort;
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await connect(port));
    const extra = await connect(port);
    const other = await connect(port, '127.0.1.1');
    try {
      for (const [i, c] of [...open, extra, other].entries()) c.socket.write(frame(100 + i));
      for (let i = 0; i < 40 && (!extra.isClosed() || other.ids.length === 0); i++) await sleep(50);
      expect(open.map((c) => c.ids)).toEqual([[100], [101], [102]]);
      expect(extra.isClosed()).toBe(true);
      expect(extra.ids).toEqual([]);
      expect(other.ids).toEqual([104]);
      expect(await closedCount('per_address')).toBe(before + 1);
    } finally {
      for (const c of [...open, extra, other]) c.socket.destroy();
    }
  });
  it('refuses a connection beyond the global cap, whatever its address', async () => {
    const port = server.service.dnsPort;
    const gauge = () => metricValue(server.service.metrics, 'zonedeck_dns_tcp_connections');
    for (let i = 0; i < 40 && (await gauge()) > 0; i++) await sleep(50); // earlier tests' closes
    const before = await closedCount('max_connections');
    const open = [];
    for (const from of ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.1.1', '127.0.1.1'])
      open.push(await connect(port, from));
    const extra = await connect(port, '127.0.2.1');
    try {
      for (const [i, c] of [...open, extra].entries()) c.socket.write(frame(200 + i));
      for (let i = 0; i < 40 && (!extra.isClosed() || open.some((c) => !c.ids.length)); i++)
        await sleep(50);
      expect(open.map((c) => c.ids)).toEqual([[200], [201], [202], [203], [204]]);
      expect(extra.isClosed()).toBe(true);
      expect(extra.ids).toEqual([]);
      expect(await gauge()).toBe(5);
      expect(await closedCount('max_connections')).toBe(before + 1);
    } finally {
      for (const c of [...open, extra]) c.socket.destroy();
    }
  });
});

describe('a client that pipelines queries and never reads the answers', () => {
  let proc: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-tcp-pipeline-'));
  beforeAll(async () => {
    proc = await spawnServer({
      DATA_DIR: dataDir,
      DNS_TCP_STALL_MS: '1000',
      DNS_TCP_IDLE_MS: '60000',
      DNS_TCP_SESSION_MS: '120000',
    });
    const api = (p: string, body: unknown) =>
      fetch(proc.url + p, {
        method: 'POST',
        headers: { Authorization: `Bearer ${proc.signInKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ data: { id: string } }>);
    const zone = await api('/v1/zones', { name: 'pipe.test' });
    // Eight 200-byte TXT strings: each answer is about 1.7 KB.
    for (let i = 0; i < 8; i++)
      await api(`/v1/zones/${zone.data.id}/records`, {
        name: 'big',
        type: 'TXT',
        content: `${i}${'x'.repeat(199)}`,
      });
  });
  afterAll(async () => {
    proc?.child.kill('SIGTERM');
    if (proc) await waitForExit(proc.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rssMb = () => {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.child.pid}/status`, 'utf8'));
    return Number(m![1]) / 1024;
  };

  it('stops reading it, drops it, and does not grow server memory', async () => {
    // Warm up: the answer is built and cached, the code paths compiled.
    const warm = await connect(proc.dnsPort);
    warm.socket.write(
      Buffer.concat(Array.from({ length: 200 }, (_, i) => frame(i, 'big.pipe.test', 'TXT'))),
    );
    for (let i = 0; i < 100 && warm.ids.length < 200; i++) await sleep(50);
    expect(warm.ids).toHaveLength(200);
    warm.socket.destroy();
    await sleep(300);
    const baseline = rssMb();

    // 40,000 queries (1.3 MB) ask for about 70 MB of answers; the client reads none of them
    // for 3 s (the server's stall limit is 1 s), while the server's memory is watched.
    const socket = net.connect(proc.dnsPort, '127.0.0.1');
    socket.pause();
    let closed = false;
    let received = 0;
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = true));
    const one = frame(1, 'big.pipe.test', 'TXT');
    socket.write(Buffer.concat(Array.from({ length: 40_000 }, () => one)));
    let peak = baseline;
    for (let i = 0; i < 30; i++) {
      peak = Math.max(peak, rssMb());
      await sleep(100);
    }
    // Without backpressure the unread answers stayed in the server's memory (+52 MB seen).
    expect(peak - baseline).toBeLessThan(40);

    // Now read: what the kernel still holds arrives, then the close the server sent. A server
    // that had kept the connection would send all 70 MB and keep it open.
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    for (let i = 0; i < 100 && !closed; i++) await sleep(100);
    expect(closed).toBe(true);
    expect(received).toBeLessThan(20 * 1024 * 1024); // kernel buffers, not the 70 MB asked
    expect(received).toBeGreaterThan(0);

    const after = await connect(proc.dnsPort);
    after.socket.write(frame(7, 'big.pipe.test', 'TXT'));
    for (let i = 0; i < 40 && after.ids.length === 0; i++) await sleep(50);
    expect(after.ids).toEqual([7]);
    after.socket.destroy();
  });
});
