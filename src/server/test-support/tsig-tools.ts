// For TSIG interoperability tests: a tiny DNS responder on one loopback port (UDP and TCP) whose
// answers a test writes, and the real `dig` and `kdig` run against it with a TSIG key.
import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';

export interface Responder {
  port: number;
  /** Every query received, as its raw bytes. */
  queries: Buffer[];
  close(): Promise<void>;
}

/** Answers each query with the messages `answer` returns (UDP: the first only; none: silence). */
export async function startResponder(
  answer: (query: Buffer, transport: 'udp' | 'tcp') => Buffer[],
): Promise<Responder> {
  const queries: Buffer[] = [];
  const tcp = net.createServer((conn) => {
    let pending = Buffer.alloc(0);
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const query = pending.subarray(2, 2 + pending.readUInt16BE(0));
        pending = pending.subarray(2 + query.length);
        queries.push(Buffer.from(query));
        for (const msg of answer(Buffer.from(query), 'tcp')) {
          const len = Buffer.alloc(2);
          len.writeUInt16BE(msg.length);
          conn.write(Buffer.concat([len, msg]));
        }
      }
    });
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const port = (tcp.address() as net.AddressInfo).port;
  const udp = dgram.createSocket('udp4');
  udp.on('message', (msg, peer) => {
    queries.push(msg);
    const [first] = answer(msg, 'udp');
    if (first) udp.send(first, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        udp.close();
        tcp.close(() => resolve());
      }),
  };
}

const TOOLS = {
  dig: { path: '/usr/bin/dig', pkg: 'dnsutils', limits: ['+tries=1', '+time=3'] },
  kdig: { path: '/usr/bin/kdig', pkg: 'knot-dnsutils', limits: ['+retry=0', '+timeout=3'] },
} as const;
export type Tool = keyof typeof TOOLS;

/** Fails loudly (never skips) when a tool is missing. */
export function requireTool(tool: Tool): void {
  const t = TOOLS[tool];
  if (!fs.existsSync(t.path)) {
    throw new Error(
      `${t.path} is missing: install the Debian package ${t.pkg} (apt-get install -y ${t.pkg})`,
    );
  }
}

export interface ToolRun {
  code: number;
  /** stdout and stderr together: where each tool reports a TSIG failure varies. */
  output: string;
}

/** Runs `tool @127.0.0.1 -p port -y alg:name:secret ...args`; never rejects on a failure exit. */
export function runTool(
  tool: Tool,
  port: number,
  keySpec: string,
  args: string[],
): Promise<ToolRun> {
  const t = TOOLS[tool];
  const argv = ['@127.0.0.1', '-p', String(port), '-y', keySpec, ...t.limits, ...args];
  return new Promise((resolve) => {
    execFile(t.path, argv, { timeout: 15_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

/**
 * What each tool prints when a TSIG does not verify or carries an error, or a transfer fails.
 * A run is accepted only when none of these appears (and the exit code is 0).
 */
export const TSIG_FAILURE =
  /Couldn't verify signature|Some TSIG could not be validated|tsig verify failure|TSIG error|Transfer failed|failed to verify TSIG|reply verification|clock skew|;; ERROR/i;
