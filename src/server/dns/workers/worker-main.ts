// A DNS worker: a child process of the server that answers UDP queries on the main process's
// socket (the kernel hands each datagram to one of the processes reading it). It keeps its own
// view of the zones, loaded from the database and kept in step by the main process's events,
// and hands its counts to the main process, which writes them (pool.ts, ADR 0020).
import type dgram from 'node:dgram';
import pino from 'pino';
import { loadConfig } from '../../config';
import type { ZoneEvent } from '../../events';
import { openStore } from '../../store/db';
import { isQuestionName, QueryScan, scanQuery } from '../query';
import { nameWire } from '../rdata';
import { DnsServer } from '../server';
import { tsigChecker } from '../transfer/tsig-check';
import { UsageCounter } from '../usage-counter';
import { ViewStore } from '../view-store';
import type { CounterDelta, FromWorker, ToWorker } from './protocol';

const REPORT_MS = 500;

function send(m: FromWorker): void {
  process.send?.(m);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, base: { dnsWorker: process.pid } });
  const store = await openStore(config.dataDir, {
    databaseUrl: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  const views = new ViewStore(store.db, config);
  const usage = config.BENCH_USAGE_COUNTING === 'on' ? new UsageCounter(store.db, log) : null;
  const dns = new DnsServer(views, usage, log, config);
  const shown = { udp: new Float64Array(16), drop: 0, slip: 0 };
  const counters = (): CounterDelta => {
    const c = dns.counters;
    const udp = Array.from(c.udp, (v, i) => v - shown.udp[i]!);
    shown.udp.set(c.udp);
    const delta = { udp, rrlDrop: c.rrlDrop - shown.drop, rrlSlip: c.rrlSlip - shown.slip };
    shown.drop = c.rrlDrop;
    shown.slip = c.rrlSlip;
    return delta;
  };
  const report = (id?: number) => send({ ...finalReport(), ...(id === undefined ? {} : { id }) });

  // Events that arrive while the view loads name zones to load again once it has: the rows an
  // event carries may be older than what the load read.
  let behind: Set<string> | null = new Set();
  // Applied one at a time, in the order the main process emitted them.
  let applying = Promise.resolve();
  const onEvent = (seq: number, event: ZoneEvent) => {
    if (behind) {
      behind.add(event.zoneId);
      return send({ t: 'ack', seq });
    }
    applying = applying
      .then(() => {
        // As in the main process: the watch reads the view as it was before the change.
        usage?.watch.onEvent(event, views);
        return views.apply(event);
      })
      .catch((err: unknown) => log.error({ err }, 'dns worker: applying a change failed'))
      .then(() => send({ t: 'ack', seq }));
  };

  let socket: dgram.Socket | null = null;
  const needsMain = mainOnly(config);
  const serve = (udp: dgram.Socket) => {
    socket = udp;
    udp.on('message', (msg, rinfo) => {
      if (needsMain(msg))
        return send({ t: 'relay', msg, address: rinfo.address, port: rinfo.port });
      const out = dns.answerUdp(msg, rinfo.address);
      if (out) udp.send(out, rinfo.port, rinfo.address);
    });
    udp.on('error', (err) => log.error({ err }, 'dns worker: udp error'));
    send({ t: 'serving' });
  };
  const stop = () => {
    socket?.close();
    process.send?.(finalReport(), undefined, {}, () => process.exit(0));
  };
  const finalReport = (): FromWorker => ({
    t: 'usage',
    delta: usage ? usage.drain() : { counts: [], tops: [], watch: [], rrsets: [] },
    counters: counters(),
  });

  process.on('message', (m: ToWorker, handle: unknown) => {
    if (m.t === 'event') onEvent(m.seq, m.event);
    else if (m.t === 'socket') serve(handle as dgram.Socket);
    else if (m.t === 'collect') report(m.id);
    else if (m.t === 'stop') stop();
  });
  // The main process is gone (killed, crashed): so is the reason to answer.
  process.on('disconnect', () => process.exit(0));

  await views.loadAll();
  for (const zoneId of behind) await views.reload(zoneId);
  behind = null;
  setInterval(() => report(), REPORT_MS).unref();
  send({ t: 'loaded' });
}

/**
 * Queries the worker hands to the main process: those signed with TSIG (a secondary's SOA
 * query: the answer is signed with the key, and a failure counted there) and those for the
 * catalog zone, which only the main process keeps.
 */
function mainOnly(config: ReturnType<typeof loadConfig>): (msg: Buffer) => boolean {
  const tsig = config.DNS_TSIG_KEYS.size ? tsigChecker(config.DNS_TSIG_KEYS) : null;
  const catalog = config.DNS_CATALOG_ZONE
    ? nameWire(config.DNS_CATALOG_ZONE).subarray(0, -1)
    : null;
  if (!tsig && !catalog) return () => false;
  const scan = new QueryScan();
  return (msg) => {
    if (tsig && msg.length >= 12 && msg.readUInt16BE(10) > 0 && tsig(msg).kind !== 'none')
      return true;
    return catalog !== null && scanQuery(msg, scan) && isQuestionName(catalog, msg, scan);
  };
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Zonedeck DNS worker failed: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
