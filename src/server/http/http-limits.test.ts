// The Node HTTP server's limits, from raw sockets: a slowloris sending its headers a byte at a
// time and a body that trickles are both cut off; connections over the cap are refused; a header
// block over Node's 16 KiB is answered 431.
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Raw {
  socket: net.Socket;
  received: () => string;
  closed: () => boolean;
}

async function connect(url: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let got = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (got += d.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  await once(socket, 'connect');
  return { socket, received: () => got, closed: () => closed };
}

/** Writes `bytes` one at a time, `everyMs` apart, until the server closes or they run out. */
async function trickle(raw: Raw, bytes: string, everyMs: number): Promise<number> {
  let sent = 0;
  while (sent < bytes.length && !raw.closed()) {
    raw.socket.write(bytes[sent++]!);
    await sleep(everyMs);
  }
  return sent;
}

const status = (raw: Raw) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw.received())?.[1] ?? 0);

describe('timeouts', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
    });
    key = await server.key();
  });
  afterAll(() => server.close());

  it('cuts off a client that sends its headers a byte at a time', async () => {
    const raw = await connect(server.url);
    // 600 bytes at 20 ms: 12 s of headers that never end, if nothing cut them off.
    const headers = `GET /v1/zones HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(560)}`;
    const sent = await trickle(raw, headers, 20);
    expect(raw.closed()).toBe(true);
    expect(sent).toBeLessThan(headers.length);
    expect(status(raw)).toBe(408); // Node's own answer, before the app sees anything
  });

  it('cuts off a request whose body trickles in', async () => {
    const raw = await connect(server.url);
    const body = JSON.stringify({ name: 'slow.example', pad: 'x'.repeat(400) });
    raw.socket.write(
      `POST /v1/zones HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // 430 bytes at 30 ms: 13 s of body, against a 2 s request timeout.
    const sent = await trickle(raw, body, 30);
    expect(raw.closed()).toBe(true);
    expect(sent).toBeLessThan(body.length);
    expect(status(raw)).toBe(408);
    expect((await server.admin.get('/v1/zones')).body.data.zones).toEqual([]);
  });

  it('still answers a client that sends its request at once', async () => {
    const raw = await connect(server.url);
    raw.socket.write(`GET /v1/zones HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    for (let i = 0; i < 200 && !status(raw); i++) await sleep(10);
    expect(status(raw)).toBe(200);
    raw.socket.destroy();
  });

  it('answers a header block over 16 KiB with 431', async () => {
    const raw = await connect(server.url);
    raw.socket.write(`GET /v1/zones HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    for (let i = 0; i < 200 && !status(raw); i++) await sleep(10);
    expect(status(raw)).toBe(431);
    raw.socket.destroy();
  });
});

describe('connection cap', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ HTTP_MAX_CONNECTIONS: '3' });
  });
  afterAll(() => server.close());

  const get = async (raw: Raw) => {
    raw.socket.write(`GET /service.json HTTP/1.1\r\nHost: x\r\n\r\n`);
    for (let i = 0; i < 200 && !status(raw) && !raw.closed(); i++) await sleep(10);
    return status(raw);
  };

  it('closes connections beyond HTTP_MAX_CONNECTIONS and accepts again when one goes', async () => {
    const held = [await connect(server.url), await connect(server.url), await connect(server.url)];
    const extra = await connect(server.url);
    expect(await get(extra)).toBe(0);
    expect(extra.closed()).toBe(true);
    // The held ones are served: the cap refused the fourth, not the server.
    expect(await get(held[0]!)).toBe(200);

    held[1]!.socket.destroy();
    // The server counts the closed connection down once it has seen it go.
    let answer = 0;
    for (let i = 0; i < 50 && answer !== 200; i++) {
      await sleep(20);
      answer = await get(await connect(server.url));
    }
    expect(answer).toBe(200);
    for (const raw of held) raw.socket.destroy();
  });
});
