// A server of the secondaries specs' own, whose DNS_NOTIFY names a fake secondary: a UDP socket
// the test drives, which acknowledges NOTIFY and answers SOA queries with the serial the test
// sets (or REFUSED, or nothing at all). The shared e2e server has no secondaries.
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dnsPacket from 'dns-packet';
import { spawnServer, waitForExit, type ServerProcess } from '../src/server/test-support/process';

export interface FakeSecondary {
  port: number;
  /** serve: the SOA with `serial`; refuse: REFUSED; down: no answer to anything. */
  mode: 'serve' | 'refuse' | 'down';
  serial: number;
  notifies: number;
  close(): void;
}

const OPCODE_NOTIFY = 4;
const RCODE_REFUSED = 5;

export async function fakeSecondary(): Promise<FakeSecondary> {
  const sock = dgram.createSocket('udp4');
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
  const fake: FakeSecondary = {
    port: sock.address().port,
    mode: 'serve',
    serial: 0,
    notifies: 0,
    close: () => sock.close(),
  };
  sock.on('message', (m, from) => {
    if (fake.mode === 'down' || m.length < 12) return;
    const reply = (b: Buffer) => sock.send(b, from.port, from.address);
    if (((m[2]! >> 3) & 0x0f) === OPCODE_NOTIFY) {
      // The acknowledgement is the NOTIFY itself with QR set (RFC 1996 4.7).
      fake.notifies++;
      const ack = Buffer.from(m);
      ack[2] = ack[2]! | 0x80;
      reply(ack);
      return;
    }
    const q = dnsPacket.decode(m);
    const question = q.questions?.[0];
    if (!question) return;
    const refuse = fake.mode === 'refuse' || question.type !== 'SOA';
    reply(
      dnsPacket.encode({
        type: 'response',
        id: q.id,
        flags: refuse ? RCODE_REFUSED : dnsPacket.AUTHORITATIVE_ANSWER,
        questions: [question],
        answers: refuse
          ? []
          : [
              {
                name: question.name,
                type: 'SOA',
                class: 'IN',
                ttl: 3600,
                data: {
                  mname: 'ns1.secondary.test',
                  rname: 'hostmaster.secondary.test',
                  serial: fake.serial,
                  refresh: 3600,
                  retry: 600,
                  expire: 604800,
                  minimum: 300,
                },
              },
            ],
      }),
    );
  });
  return fake;
}

export interface OwnServer {
  url: string;
  key: string;
  api(method: string, p: string, body?: unknown): Promise<{ status: number; data: unknown }>;
  close(): Promise<void>;
}

/**
 * The real server, with a fresh data directory, notifying `targets` ("host:port", …); `env`
 * adds settings (a DNS port, TSIG keys, who may transfer, a catalog zone).
 */
export async function startServerWithSecondaries(
  targets: string[],
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-e2e-secondaries-'));
  const server: ServerProcess = await spawnServer({
    DATA_DIR: dataDir,
    API_RATE_LIMIT: '0',
    DNS_NOTIFY: targets.join(','),
    ...env,
  });
  const key = server.signInKey;
  if (!key) throw new Error(`The server printed no sign-in key:\n${server.output()}`);
  return {
    url: server.url,
    key,
    async api(method, p, body) {
      const res = await fetch(server.url + p, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: unknown };
      return { status: res.status, data: json.data };
    },
    async close() {
      server.child.kill('SIGTERM');
      await waitForExit(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
