// Reads config, claims the data directory, opens the store, starts the service, prints how to
// sign in. Any failure before that exits 1 with a message naming the path and the cause.
import pino from 'pino';
import { bootstrapFirstKey } from './bootstrap';
import { loadConfig } from './config';
import { startService } from './server';
import { openStore } from './store/db';
import { redacted } from './store/db-postgres';
import { prepareDataDir } from './store/files';
import { lockDataDir } from './store/lock';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, base: undefined });
  const warn = (line: string) => log.warn(line);
  // On SQLite the data directory holds the database; on PostgreSQL the files of this node alone
  // (its name among the nodes, ADR 0021). Either way one server at a time: several nodes share
  // a database, never a data directory.
  const databaseUrl = config.DATABASE_URL;
  prepareDataDir(config.dataDir, warn);
  // Before the store opens (and migrates): a second server on this directory stops here.
  // The shutdown handler below keeps `lock` reachable: a collected connection would unlock.
  const lock = lockDataDir(config.dataDir);
  const store = await openStore(config.dataDir, {
    warn,
    databaseUrl,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  const firstKey = await bootstrapFirstKey(store.db);
  const service = await startService(config, store, log);

  const lines = [
    `Zonedeck is running at ${service.url}  (data in ${databaseUrl ? `PostgreSQL ${redacted(databaseUrl)}` : config.dataDir})`,
    `DNS: ${config.HOST} port ${service.dnsPort}, UDP and TCP  (try: dig @${config.HOST} -p ${service.dnsPort} <zone> SOA)`,
  ];
  if (firstKey) {
    lines.push('', 'First start: created customer "default" with a key holding every scope.');
    lines.push(
      `Sign in: ${service.url}/#key=${firstKey}`,
      '(The key is shown only now; keep the link private.)',
    );
  } else {
    lines.push(
      `Need a key? npm run --silent apikey -- create --customer default --scopes zones:read,zones:write,records:read,records:write,usage:read`,
    );
  }
  lines.push(`API reference: ${service.url}/v1/openapi.json`);
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await service.stop();
    await store.close();
    lock.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Zonedeck failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
