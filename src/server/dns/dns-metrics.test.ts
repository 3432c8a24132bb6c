// The DNS figures an operator graphs, read from the service's registry after real queries: by
// rcode and transport, open TCP connections, and the age of usage counts not yet written.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPacket, udpAsk } from '../test-support/dns-wire';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { metricValue } from '../test-support/metrics';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const id = await createZone(server.admin, 'metrics.test');
  await server.admin.post(`/v1/zones/${id}/records`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.1',
  });
});
afterAll(() => server?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const metric = (name: string, labels: Record<string, string> = {}) =>
  metricValue(server.service.metrics, name, labels);
const ask = (msg: Buffer) => udpAsk(server.service.dnsPort, msg);

describe('DNS metrics', () => {
  it('counts answers by rcode and transport', async () => {
    const q = (rcode: string, transport: string) =>
      metric('zonedeck_dns_queries_total', { rcode, transport });
    const before = {
      ok: await q('NOERROR', 'udp'),
      nx: await q('NXDOMAIN', 'udp'),
      refused: await q('REFUSED', 'udp'),
      tcp: await q('NOERROR', 'tcp'),
    };
    await ask(queryPacket(1, 'www.metrics.test'));
    await ask(queryPacket(2, 'www.metrics.test'));
    await ask(queryPacket(3, 'nope.metrics.test'));
    await ask(queryPacket(4, 'elsewhere.example'));
    const socket = net.connect(server.service.dnsPort, '127.0.0.1');
    const msg = queryPacket(5, 'www.metrics.test');
    const framed = Buffer.concat([Buffer.from([0, msg.length]), msg]);
    await new Promise<void>((resolve, reject) => {
      socket.once('data', () => resolve());
      socket.once('error', reject);
      socket.write(framed);
    });
    expect(await metric('zonedeck_dns_tcp_connections')).toBe(1);
    socket.destroy();
    for (let i = 0; i < 40 && (await metric('zonedeck_dns_tcp_connections')) > 0; i++)
      await sleep(25);
    expect(await metric('zonedeck_dns_tcp_connections')).toBe(0);
    expect({
      ok: await q('NOERROR', 'udp'),
      nx: await q('NXDOMAIN', 'udp'),
      refused: await q('REFUSED', 'udp'),
      tcp: await q('NOERROR', 'tcp'),
    }).toEqual({
      ok: before.ok + 2,
      nx: before.nx + 1,
      refused: before.refused + 1,
      tcp: before.tcp + 1,
    });
  });

  it('shows how old the oldest unwritten usage count is, and 0 once written', async () => {
    await ask(queryPacket(6, 'www.metrics.test'));
    await sleep(50);
    // Counts are written every 3 s: right after a query one is waiting, and then none.
    expect(await metric('zonedeck_usage_flush_lag_seconds')).toBeGreaterThan(0);
    for (let i = 0; i < 100 && (await metric('zonedeck_usage_flush_lag_seconds')) > 0; i++)
      await sleep(100);
    expect(await metric('zonedeck_usage_flush_lag_seconds')).toBe(0);
  });
});
