// What the parts of `npm run bench:transfer` share: the zone, the TSIG key, our server started on
// the bench's data directory, and the clean-up that stops every daemon at the end, on failure too.
import { randomBytes } from 'node:crypto';
import { spawnServer, waitForExit, type ServerProcess } from '../src/server/test-support/process';
import type { Endpoint, Secondary, TsigKey } from '../src/server/test-support/secondary';
import { soaPoller } from '../src/server/test-support/soa-poll';

export const ZONE = 'transfer.example';
export const KEY: TsigKey = {
  name: 'bench-xfr',
  algorithm: 'hmac-sha256',
  secret: randomBytes(32).toString('base64'),
};
export const say = (s: string) => process.stdout.write(`${s}\n`);
export const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
/** The `q` quantile of ascending `sorted` (nearest rank). */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

const cleanups: (() => Promise<void>)[] = [];

/** Registers `stop` to run at the end (last registered, first run); returns it, to run once now. */
export function atEnd(stop: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await stop();
  };
  cleanups.push(once);
  return once;
}

let cleaning: Promise<void> | null = null;

/** Runs every registered stop, newest first; a second call (a signal during a failure) waits. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const stop of [...cleanups].reverse()) {
      await stop().catch((e: unknown) => process.stderr.write(`cleanup: ${String(e)}\n`));
    }
  })();
  return cleaning;
}

export interface Run {
  dataDir: string;
  dnsPort: number;
  server: ServerProcess;
  headers: Record<string, string>;
  zoneId: string;
}

/** Our server on the bench's data directory and DNS port, NOTIFYing `notify` when given. */
export async function startServer(
  run: Omit<Run, 'server'>,
  notify?: Endpoint,
): Promise<ServerProcess> {
  const server = await spawnServer({
    DATA_DIR: run.dataDir,
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: '0',
    DNS_PORT: String(run.dnsPort),
    DNS_TSIG_KEYS: `${KEY.name}:${KEY.algorithm}:${KEY.secret}`,
    DNS_TRANSFER_ALLOW: `key:${KEY.name}`,
    ...(notify ? { DNS_NOTIFY: `${notify.host}:${notify.port}@${KEY.name}` } : {}),
  });
  atEnd(async () => {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
  });
  return server;
}

/** The serial `port` answers for ZONE, null when it does not. */
export async function askSerial(port: number): Promise<number | null> {
  const poller = soaPoller(port);
  try {
    return await poller.serial(ZONE, 1000);
  } finally {
    poller.close();
  }
}

/** Knot's own figures for its last refresh of ZONE (SOA query and transfer) and transfer. */
export function knotLogged(secondary: Secondary): string {
  const log = secondary.log();
  const refresh = [...log.matchAll(/zone updated, ([\d.]+) seconds/g)].at(-1);
  const transfer = [
    ...log.matchAll(/incoming.*finished, ([\d.]+) seconds, (\d+) messages, (\d+) bytes/g),
  ].at(-1);
  if (!refresh || !transfer) return 'knot logged no transfer';
  const mb = (Number(transfer[3]) / 1e6).toFixed(1);
  return `knot logs: refresh ${refresh[1]} s, transfer ${transfer[1]} s, ${transfer[2]} messages, ${mb} MB`;
}
