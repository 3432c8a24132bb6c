// A real Knot DNS server (knotd, Debian package `knot`) on a free loopback port with one TSIG
// key, for tests of the client side of TSIG: it answers our signed queries and NOTIFYs, and
// transfers a zone big enough to take several messages.
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const KNOTD = '/usr/sbin/knotd';

export interface Knot {
  port: number;
  /** The primary zone; `secondary` is a zone Knot takes NOTIFYs for (signed with the key). */
  zone: string;
  secondary: string;
  /** TXT records in the zone besides SOA and NS. */
  records: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function answersUdp(port: number): Promise<boolean> {
  const q = Buffer.from('00010000000100000000000004746573740000060001', 'hex');
  const sock = dgram.createSocket('udp4');
  return new Promise<boolean>((resolve) => {
    const t = setTimeout(() => resolve(false), 200);
    sock.on('message', () => {
      clearTimeout(t);
      resolve(true);
    });
    sock.send(q, port, '127.0.0.1');
  }).finally(() => sock.close());
}

export async function startKnot(keyName: string, secret: string, records = 3000): Promise<Knot> {
  if (!fs.existsSync(KNOTD)) {
    throw new Error(
      `${KNOTD} is missing: install the Debian package knot (apt-get install -y knot)`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-knot-'));
  const port = await freePort();
  const zone = 'tsig.test';
  const secondary = 'notify.tsig.test';
  const lines = [
    `$ORIGIN ${zone}.`,
    '@ 3600 IN SOA ns1 hostmaster 2026112401 3600 600 604800 300',
    '@ 3600 IN NS ns1',
    'ns1 3600 IN A 192.0.2.53',
  ];
  for (let i = 0; i < records; i++) lines.push(`r${i} 300 IN TXT "record ${i} ${'x'.repeat(60)}"`);
  fs.writeFileSync(path.join(dir, `${zone}.zone`), `${lines.join('\n')}\n`);
  fs.writeFileSync(
    path.join(dir, 'knot.conf'),
    `server:
    rundir: "${dir}"
    listen: 127.0.0.1@${port}
    udp-workers: 1
    tcp-workers: 1
    background-workers: 1
database:
    storage: "${dir}/db"
log:
  - target: stderr
    any: warning
key:
  - id: ${keyName}
    algorithm: hmac-sha256
    secret: ${secret}
remote:
  - id: nowhere
    address: 127.0.0.1@9
    key: ${keyName}
acl:
  - id: by-key
    key: ${keyName}
    action: [transfer, notify]
template:
  - id: default
    storage: "${dir}"
    zonefile-sync: -1
    journal-content: none
zone:
  - domain: ${zone}
    file: "${zone}.zone"
    acl: by-key
  - domain: ${secondary}
    master: nowhere
    acl: by-key
`,
  );
  const child: ChildProcess = spawn(KNOTD, ['-c', path.join(dir, 'knot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    if (await answersUdp(port)) return { port, zone, secondary, records, stop };
  }
  await stop();
  throw new Error(`knotd did not start:\n${log}`);
}

/** One query over TCP; every message of the answer until `done` says the answer is complete. */
export function askTcp(
  port: number,
  query: Buffer,
  done: (messages: Buffer[]) => boolean,
): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const messages: Buffer[] = [];
    let pending = Buffer.alloc(0);
    const conn = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      conn.destroy();
      reject(new Error(`no complete TCP answer (${messages.length} messages)`));
    }, 10_000);
    conn.on('error', reject);
    conn.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        messages.push(Buffer.from(pending.subarray(2, 2 + pending.readUInt16BE(0))));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
      if (messages.length && done(messages)) {
        clearTimeout(timer);
        conn.end();
        resolve(messages);
      }
    });
    const len = Buffer.alloc(2);
    len.writeUInt16BE(query.length);
    conn.write(Buffer.concat([len, query]));
  });
}
