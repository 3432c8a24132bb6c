// Starts the DNS workers the configuration asks for (DNS_WORKERS: the main process counts as
// one), on the main DNS server's UDP socket.
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Store } from '../../store/db';
import type { DnsServer } from '../server';
import type { UsageCounter } from '../usage-counter';
import { DnsWorkerPool } from './pool';

export async function startDnsWorkers(
  config: Config,
  deps: { dns: DnsServer; store: Store; usage: UsageCounter | null; log: Logger },
): Promise<DnsWorkerPool | null> {
  const udp = deps.dns.udpSocket;
  if (config.DNS_WORKERS <= 1 || !udp) return null;
  const pool = new DnsWorkerPool(config.DNS_WORKERS - 1, {
    udp,
    events: deps.store.events,
    usage: deps.usage,
    counters: deps.dns.counters,
    relay: (msg, address, port) => deps.dns.answerRelayed(msg, address, port),
    log: deps.log,
    env: workerEnv(config),
  });
  await pool.start();
  return pool;
}

/**
 * The environment of a worker: the process's own, with the settings this process was started
 * with (tests and embedders pass them as a config, not as environment variables).
 */
function workerEnv(config: Config): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(config.given)) env[key] = value;
  env.DATA_DIR = config.dataDir;
  return env;
}
