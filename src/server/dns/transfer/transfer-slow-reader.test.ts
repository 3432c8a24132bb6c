// A secondary that reads a large AXFR more slowly than the idle and session limits (a far
// secondary on a slow link): the transfer goes on while its bytes keep draining, and the
// connection ends after it; a reader that stops is still dropped.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, type TestServer } from '../../test-support/harness';
import { metricValue } from '../../test-support/metrics';

const IDLE_MS = 1000;
// Far below the time the transfer takes, so the server still holds most of it when it expires.
const SESSION_MS = 300;
const RECORDS = 8000;
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({
    API_RATE_LIMIT: '0',
    DNS_TRANSFER_ALLOW: '127.0.0.0/8',
    DNS_TCP_IDLE_MS: String(IDLE_MS),
    DNS_TCP_SESSION_MS: String(SESSION_MS),
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
}, 60_000);
afterAll(() => srv?.close());

function axfrQuery(zone: string): Buffer {
  const labels = zone
    .split('.')
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  const h = Buffer.alloc(12);
  h.writeUInt16BE(0x4242, 0);
  h.writeUInt16BE(1, 4);
  const q = Buffer.concat([h, ...labels, Buffer.from([0, 0, 252, 0, 1])]);
  const f = Buffer.alloc(2);
  f.writeUInt16BE(q.length, 0);
  return Buffer.concat([f, q]);
}

/**
 * Reads one chunk every `everyMs` (none when null) until the transfer ends or is cut; with
 * `askAfter`, then asks once more on the same connection and waits for the server to close it.
 */
async function transfer(everyMs: number | null, stopAfterMs: number, askAfter = false) {
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
  socket.write(axfrQuery('slow-reader.test'));
  const started = Date.now();
  // SOA, the apex NS (one or more), every TXT, SOA.
  while (!closed && answers < RECORDS + 3 && Date.now() - started < stopAfterMs) {
    await new Promise((r) => setTimeout(r, everyMs ?? 50));
    if (everyMs !== null) socket.resume();
  }
  const elapsed = Date.now() - started;
  const complete = answers;
  if (askAfter && !closed) {
    socket.resume();
    socket.write(axfrQuery('slow-reader.test'));
    for (let i = 0; i < 60 && !closed; i++) await new Promise((r) => setTimeout(r, 50));
  }
  socket.destroy();
  return { answers: complete, closed, elapsed, later: answers - complete };
}

describe('a slow secondary', () => {
  it('gets the whole zone even when reading it takes longer than the idle and session limits', async () => {
    const sessionClosed = () =>
      metricValue(srv.service.metrics, 'zonedeck_dns_tcp_closed_total', { reason: 'session' });
    const before = await sessionClosed();
    // Not much slower: the server sees progress only when the kernel's buffers (megabytes on
    // loopback) drain enough to take more, and that must happen within the idle limit.
    const t = await transfer(25, 30_000, true);
    expect(t.elapsed).toBeGreaterThan(IDLE_MS); // the test did read slowly
    expect(t.answers, `cut after ${t.elapsed} ms`).toBeGreaterThanOrEqual(RECORDS + 3);
    // Past the session limit the connection takes no further query: it ends after the transfer.
    expect(t.closed).toBe(true);
    expect(t.later).toBe(0);
    expect(await sessionClosed()).toBe(before + 1);
  }, 40_000);

  it('is dropped when it stops reading altogether', async () => {
    const idleClosed = () =>
      metricValue(srv.service.metrics, 'zonedeck_dns_tcp_closed_total', { reason: 'idle' });
    const before = await idleClosed();
    const t = await transfer(null, 4 * IDLE_MS);
    expect(t.answers).toBeLessThan(RECORDS);
    // The client sees no close while it does not read; the server's count shows it.
    expect(await idleClosed()).toBe(before + 1);
  }, 20_000);
});
