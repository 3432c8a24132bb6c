// PowerDNS's HTTP API on its PostgreSQL backend (gpgsql) under the record-create load of
// bench:nodes, for comparison, when Debian's pdns-server and pdns-backend-pgsql are installed:
// its own database in the same cluster, its own configuration in a temporary directory.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, type PgCluster } from '../src/server/test-support/pg-cluster';
import type { Throughput } from './nodes';

const SCHEMA = '/usr/share/doc/pdns-backend-pgsql/schema.pgsql.sql';
const SERVER = '/usr/sbin/pdns_server';
const KEY = 'bench-api-key';
const ZONE = 'bench-pdns.example.';

export async function powerDnsCase(
  cluster: PgCluster,
  seconds: number,
  /** Seconds of the same load, unmeasured, first. */
  warmup = 0,
): Promise<Throughput | null> {
  if (!fs.existsSync(SERVER) || !fs.existsSync(SCHEMA)) return null;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query('create database zd_pdns');
  } finally {
    await admin.end();
  }
  const db = new pg.Client({ connectionString: cluster.urlOf('zd_pdns') });
  await db.connect();
  try {
    await db.query(fs.readFileSync(SCHEMA, 'utf8'));
  } finally {
    await db.end();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-pdns-'));
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  fs.writeFileSync(
    path.join(dir, 'pdns.conf'),
    [
      'launch=gpgsql',
      'gpgsql-host=127.0.0.1',
      `gpgsql-port=${cluster.port}`,
      'gpgsql-user=zonedeck',
      'gpgsql-dbname=zd_pdns',
      'local-address=127.0.0.1',
      `local-port=${dnsPort}`,
      'api=yes',
      `api-key=${KEY}`,
      'webserver=yes',
      'webserver-address=127.0.0.1',
      `webserver-port=${apiPort}`,
      'webserver-allow-from=127.0.0.0/8',
      `socket-dir=${dir}`,
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      'loglevel=3',
      // Its defaults: each write one transaction on the database, like ours.
    ].join('\n') + '\n',
  );
  const child = spawn(SERVER, [`--config-dir=${dir}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const base = `http://127.0.0.1:${apiPort}/api/v1/servers/localhost`;
  const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };
  try {
    const until = Date.now() + 15_000;
    for (;;) {
      const ok = await fetch(base, { headers }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until || child.exitCode !== null)
        throw new Error(`PowerDNS did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const made = await fetch(`${base}/zones`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: ZONE, kind: 'Native', nameservers: [`ns1.${ZONE}`] }),
    });
    if (!made.ok) throw new Error(`PowerDNS zone create: ${made.status} ${await made.text()}`);
    let n = 0;
    // PowerDNS's API replaces whole RRsets (PATCH, REPLACE): one new name a request is one
    // record created, as ours.
    const load = (duration: number, prefix: string) =>
      autocannon({
        url: `${base}/zones/${ZONE}`,
        method: 'PATCH',
        duration,
        connections: 16,
        headers,
        requests: [
          {
            setupRequest: (req) => {
              const i = n++;
              const content = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
              return {
                ...req,
                body: JSON.stringify({
                  rrsets: [
                    {
                      name: `${prefix}${i}.${ZONE}`,
                      type: 'A',
                      ttl: 3600,
                      changetype: 'REPLACE',
                      records: [{ content, disabled: false }],
                    },
                  ],
                }),
              };
            },
          },
        ],
      });
    // Measured warm, as ours (bench/nodes.ts).
    if (warmup > 0) await load(warmup, 'w');
    const result = await load(seconds, 'h');
    return {
      name: 'PowerDNS API, gpgsql backend',
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
