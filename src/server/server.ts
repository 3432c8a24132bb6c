// Starts the whole service on an open store: the HTTP API with the dashboard, and the DNS server.
import type { Logger } from 'pino';
import type { Config } from './config';
import { DnsServer } from './dns/server';
import { setUpTransfers, type Transfers } from './dns/transfer/setup';
import { UsageCounter } from './dns/usage-counter';
import { startDnsWorkers } from './dns/workers/start';
import type { DnsWorkerPool } from './dns/workers/pool';
import { ViewStore } from './dns/view-store';
import { createApp } from './http/app';
import { listenHttp } from './http/listen';
import { createMetrics, type Metrics } from './metrics';
import { Purger } from './purger';
import { nodeName } from './store/files';
import { Leader } from './store/leader';
import type { OpenedStore } from './store/db';
import { observeCommits } from './store/group-commit';

export interface RunningService {
  url: string;
  port: number;
  dnsPort: number;
  purger: Purger;
  metrics: Metrics;
  transfers: Transfers;
  /** The DNS worker processes besides this one (none with DNS_WORKERS=1). */
  workers: DnsWorkerPool | null;
  /** Usage counts and top names not flushed yet (tests look at the sketches' bounds). */
  usage: UsageCounter;
  /** The DNS server of this process (tests read what it caches). */
  dns: DnsServer;
  /** Whether this node runs the background work (always on SQLite). */
  leader: Leader;
  stop(): Promise<void>;
}

export async function startService(
  config: Config,
  store: OpenedStore,
  log: Logger,
): Promise<RunningService> {
  const metrics = createMetrics();
  observeCommits(store.db, (seconds) => metrics.storeCommit.observe(seconds));
  // Several nodes on one PostgreSQL: background work runs on the leader alone (ADR 0021).
  const leader = new Leader(store.feed?.url, log);
  await leader.start();
  const purger = new Purger(
    store.db,
    log,
    { days: config.JOURNAL_RETENTION_DAYS, keep: config.JOURNAL_KEEP_PER_ZONE },
    () => leader.isLeader,
  );
  // A new leader finishes what the last one left; every delete, made on any node, reaches it.
  leader.whenLeading(() => purger.kick());
  const unsubscribePurge = store.events.subscribe((e) => {
    if (e.kind === 'deleted') purger.kick();
  });
  // The journal's retention is in days: an hourly prune keeps it within an hour of the limit.
  const pruning = setInterval(() => purger.kick(), 3_600_000);
  pruning.unref();
  const views = new ViewStore(store.db, config);
  await views.loadAll();
  for (const { served, withheld } of views.conflicts) {
    log.warn(
      { served, withheld },
      `zone ${withheld.name} (customer ${withheld.customerId}) overlaps zone ${served.name} of customer ${served.customerId}, which is older: DNS does not answer from ${withheld.name}; delete one of the two zones`,
    );
  }
  // Each node on a shared PostgreSQL writes top names of its own; SQLite has one node.
  const node = store.feed ? nodeName(config.dataDir) : '';
  const usage = new UsageCounter(store.db, log, metrics, Date.now, node);
  usage.mayPrune = () => leader.isLeader;
  // Before the view: the change watch reads what the view answered before each change.
  usage.watch.subscribe(store.events, views);
  views.subscribe(store.events);
  usage.start();
  const transfers = setUpTransfers(config, views, store, log, leader);
  const counting = config.BENCH_USAGE_COUNTING === 'on' ? usage : null;
  const dns = new DnsServer(views, counting, log, config, metrics, transfers.transfers);
  await dns.start(config.HOST, config.DNS_PORT);
  const workers = await startDnsWorkers(config, { dns, store, usage: counting, log });
  // From here on, every node's writes reach this one's listeners in commit order; whatever was
  // committed since the view was loaded is caught up first.
  await store.feed?.start(views, log);
  const app = createApp({
    store,
    config,
    log,
    metrics,
    purger,
    usage,
    dnsPort: dns.port,
    transfers,
    zoneAnswering: (zoneName, name) => {
      const z = views.findZone(name.replace(/\.$/, '').toLowerCase());
      return z?.name.endsWith(`.${zoneName}`) ? z.name : undefined;
    },
    readiness: {
      database: () => store.ping(),
      dnsViewLoaded: () => views.loaded,
      ...(store.feed ? { followingChanges: () => store.feed!.listening } : {}),
    },
  });
  purger.kick(); // finishes deletes that a previous run accepted but did not complete

  const server = await listenHttp(app.fetch, config);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return {
    url: `http://${host}:${port}`,
    port,
    dnsPort: dns.port,
    purger,
    metrics,
    transfers,
    usage,
    workers,
    leader,
    dns,
    async stop() {
      clearInterval(pruning);
      unsubscribePurge();
      await leader.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      transfers.stop();
      await workers?.stop();
      await dns.stop();
      await usage.stop();
      await purger.idle();
      await store.feed?.stop();
    },
  };
}
