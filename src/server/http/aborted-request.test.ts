// A client that goes away in the middle of its request body: the answer is nobody's to read, but
// the server must count it as the client's mistake (400), never as a storage outage (503) nor as
// a bug of ours (500). Node's "aborted" error carries ECONNRESET, as a lost database socket does.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestAborted, storageFault } from '../store/storage-fault';
import { metricValue } from '../test-support/metrics';
import { startTestServer, type TestServer } from '../test-support/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(() => s.close());

const requests = (status: string) =>
  metricValue(s.service.metrics, 'zonedeck_http_requests_total', {
    route: '/v1/zones',
    method: 'POST',
    status,
  });

it('counts a body cut off by the client as 400, not as a storage fault', async () => {
  const key = await s.key();
  const before = {
    400: await requests('400'),
    500: await requests('500'),
    503: await requests('503'),
  };
  const { port } = new URL(s.url);
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      // A chunked body whose framing breaks: Node's parser gives up on the request mid-body.
      socket.write(
        `POST /v1/zones HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
          '{"name":"x.example"}\r\n',
      );
      setTimeout(() => socket.destroy(), 200);
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await expect.poll(() => requests('400')).toBe(before[400] + 1);
  expect(await requests('503')).toBe(before[503]);
  expect(await requests('500')).toBe(before[500]);
});

it('still takes a database socket’s reset, or a connect that failed everywhere, for a storage fault', () => {
  const socketReset = Object.assign(new Error('read ECONNRESET'), {
    code: 'ECONNRESET',
    syscall: 'read',
  });
  // A TLS handshake cut by a restarting PostgreSQL: no system call named.
  const tlsReset = Object.assign(
    new Error('Client network socket disconnected before secure TLS connection was established'),
    { code: 'ECONNRESET' },
  );
  // A connect to every address of a name refused (Node tries each): no system call either.
  const everywhere = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
  for (const e of [socketReset, tlsReset, everywhere]) {
    expect(storageFault(e)?.cause).toBe('database unreachable');
    expect(requestAborted(e)).toBe(false);
  }
  const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  expect(requestAborted(aborted)).toBe(true);
});
