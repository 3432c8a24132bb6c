// A secondary that reads a large AXFR more slowly than the idle, stall and session limits (a far
// secondary on a slow link): the transfer goes on while its bytes keep draining, a query behind
// it waits, past the session limit the connection ends after it; a reader that stops is dropped.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../../test-support/harness';
import { metricValue } from '../../test-support/metrics';

const IDLE_MS = 1000;
const RECORDS = 8000;
/** Session limit far below the time the transfer takes: the server still holds most of it then. */
let capped: TestServer;
/** Session limit far above it. */
let open: TestServer;
/** Records of the whole AXFR: SOA, the apex NS, every TXT, SOA. */
let WHOLE = 0;

async function serverWithZone(sessionMs: number): Promise<TestServer> {
  const srv = await startTestServer({
    API_RATE_LIMIT: '0',
    DNS_TRANSFER_ALLOW: '127.0.0.0/8',
    DNS_TCP_IDLE_MS: String(IDLE_MS),
    DNS_TCP_STALL_MS: String(IDLE_MS),
    DNS_TCP_SESSION_MS: String(sessionMs),
  });
  const z = await createZone(srv.admin, 'slow-reader.test');
  // About 6 MB on the wire: more than the kernel's socket buffers hold, so most of it waits in
  // the server until the client reads.
  const text = 'x'.repeat(250);
  const lines = Array.from(
    { length: RECORDS },
    (_, i) => `host-${i} 3600 IN TXT "${i}${text}" "${text}" "${text}"`,
  );
  const r = await srv.admin.post(`/v1/zones/${z}/import`, { zone_file: lines.join('\n') });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return srv;
}

beforeAll(async () => {
  [capped, open] = await Promise.all([serverWithZone(300), serverWithZone(60_000)]);
  const ns = await dig(open.service.dnsPort, 'slow-reader.test', 'NS');
  expect(ns.records.length).toBeGreaterThan(0);
  WHOLE = RECORDS + 2 + ns.records.length;
}, 60_000);
afterAll(async () => {
  await capped?.close();
  await open?.close();
});

/** A framed query for the zone: AXFR (252) or SOA (6). */
function query(qtype: number): Buffer {
  const labels = 'slow-reader.test'
    .split('.')
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  const h = Buffer.alloc(12);
  h.writeUInt16BE(0x4242, 0);
  h.writeUInt16BE(1, 4);
  const q = Buffer.concat([h, ...labels, Buffer.from([0, 0, qtype, 0, 1])]);
  const f = Buffer.alloc(2);
  f.writeUInt16BE(q.length, 0);
  return Buffer.concat([f, q]);
}

/**
 * Sends `queries` at once, then reads one chunk every `everyMs` (none when null) until `expected`
 * records came, the server closed, or `stopAfterMs`; with `askAfter`, then asks once more on the
 * same connection and waits for the server to close it.
 */
async function transfer(
  srv: TestServer,
  o: { everyMs: number | null; stopAfterMs: number; queries: Buffer[]; expected: number },
  askAfter = false,
) {
  const socket = net.connect({ port: srv.service.dnsPort, host: '127.0.0.1' });
  await new Promise((resolve) => socket.once('connect', resolve));
  let buf = Buffer.alloc(0);
  let answers = 0;
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    socket.pause();
    buf = Buffer.concat([buf, chunk]);
    while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
      answers += buf.readUInt16BE(2 + 6);
      buf = buf.subarray(2 + buf.readUInt16BE(0));
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  socket.write(Buffer.concat(o.queries));
  const started = Date.now();
  while (!closed && answers < o.expected && Date.now() - started < o.stopAfterMs) {
    await new Promise((r) => setTimeout(r, o.everyMs ?? 50));
    if (o.everyMs !== null) socket.resume();
  }
  const elapsed = Date.now() - started;
  const complete = answers;
  if (askAfter && !closed) {
    socket.resume();
    socket.write(query(252));
    for (let i = 0; i < 60 && !closed; i++) await new Promise((r) => setTimeout(r, 50));
  }
  socket.destroy();
  return { answers: complete, closed, elapsed, later: answers - complete };
}

const closedCount = (srv: TestServer, reason: string) =>
  metricValue(srv.service.metrics, 'zonedeck_dns_tcp_closed_total', { reason });

describe('a slow secondary', () => {
  // Reading much slower is not possible here: the server sees progress only when the kernel's
  // buffers (megabytes on loopback) drain enough to take more, within the idle limit.
  const slowly = { everyMs: 25, stopAfterMs: 30_000 };

  it('gets the whole zone even when reading it takes longer than the idle and session limits', async () => {
    const before = await closedCount(capped, 'session');
    const t = await transfer(capped, { ...slowly, queries: [query(252)], expected: WHOLE }, true);
    expect(t.elapsed).toBeGreaterThan(IDLE_MS); // the test did read slowly
    expect(t.answers, `cut after ${t.elapsed} ms`).toBeGreaterThanOrEqual(WHOLE);
    // Past the session limit the connection takes no further query: it ends after the transfer.
    expect(t.closed).toBe(true);
    expect(t.later).toBe(0);
    expect(await closedCount(capped, 'session')).toBe(before + 1);
  }, 40_000);

  it('gets the whole zone, then the answer to the query it sent behind it', async () => {
    const queries = [query(252), query(6)];
    const t = await transfer(open, { ...slowly, queries, expected: WHOLE + 1 });
    expect(t.elapsed).toBeGreaterThan(IDLE_MS);
    expect(t.answers, `cut after ${t.elapsed} ms`).toBe(WHOLE + 1);
    // Past the session limit the query behind it is not answered, the transfer still whole.
    const c = await transfer(capped, { ...slowly, queries, expected: WHOLE + 1 });
    expect(c.answers, `cut after ${c.elapsed} ms`).toBe(WHOLE);
    expect(c.closed).toBe(true);
  }, 40_000);

  it('is dropped when it stops reading altogether', async () => {
    const before = await closedCount(capped, 'idle');
    const t = await transfer(capped, {
      everyMs: null,
      stopAfterMs: 4 * IDLE_MS,
      queries: [query(252)],
      expected: WHOLE,
    });
    expect(t.answers).toBeLessThan(RECORDS);
    // The client sees no close while it does not read; the server's count shows it.
    expect(await closedCount(capped, 'idle')).toBe(before + 1);
  }, 20_000);
});
