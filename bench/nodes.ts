// `npm run bench:nodes`: several Zonedeck nodes on one PostgreSQL (issue 16, ADR 0021), real
// server processes on a throwaway cluster with fsync on.
// 1. From the API's answer on one node to the other node's DNS serving the write: 1,000 writes
//    spread over two nodes, p50/p90/p99/max (budget: p99 < 100 ms).
// 2. Record creates per second from 16 clients, side by side in one run: one SQLite node, one
//    PostgreSQL node, two PostgreSQL nodes (8 clients each), and PowerDNS's API on its
//    PostgreSQL backend when pdns_server and the gpgsql backend are installed; errors counted
//    (budget: >= 1,000/s on two PostgreSQL nodes with 0 errors).
// 3. This machine's floors in the same run (machine-floors.ts): what PostgreSQL statements and
//    bare HTTP requests alone come to, so that the creates can be read against them.
import autocannon from 'autocannon';
import dnsPacket from 'dns-packet';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryPacket, udpAsk } from '../src/server/test-support/dns-wire';
import { startPgCluster, type PgCluster } from '../src/server/test-support/pg-cluster';
import { spawnServer, waitForExit, type ServerProcess } from '../src/server/test-support/process';
import { commandCpuSeconds, httpFloor, statementFloor, treeCpuSeconds } from './machine-floors';
import { powerDnsCase } from './pdns-case';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
/** Seconds of unmeasured load before each create case (every server measured warm). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4);

export interface Throughput {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per create in the Zonedeck nodes and in PostgreSQL (PostgreSQL runs only). */
  cpu?: { nodes: number; postgres: number };
}

const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function api(node: ServerProcess, key: string, method: string, p: string, body?: unknown) {
  const res = await fetch(node.url + p, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { id: string } };
}

async function served(node: ServerProcess, name: string, want: string): Promise<boolean> {
  const m = dnsPacket.decode(await udpAsk(node.dnsPort, queryPacket(7, name, 'A')));
  return (m.answers ?? []).some((r) => r.type === 'A' && r.data === want);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Milliseconds from each write's 201 on one node to the other node's DNS serving it. */
async function propagation(a: ServerProcess, b: ServerProcess, key: string): Promise<number[]> {
  const zone = 'bench-propagation.example';
  const zoneId = (await api(a, key, 'POST', '/v1/zones', { name: zone })).data.id;
  const delays: number[] = [];
  let next = 0;
  // Four writers, so both nodes are busy with writes of their own and the other's.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < WRITES) {
        const i = next++;
        const [node, other] = i % 2 ? [b, a] : [a, b];
        const name = `p${i}.${zone}`;
        await api(node, key, 'POST', `/v1/zones/${zoneId}/records`, {
          name: `p${i}`,
          type: 'A',
          content: address(i),
        });
        const acked = performance.now();
        while (!(await served(other, name, address(i)))) {
          if (performance.now() - acked > 10_000) throw new Error(`${name} never served`);
        }
        delays.push(performance.now() - acked);
      }
    }),
  );
  return delays.sort((x, y) => x - y);
}

/** Creates from `connections` clients on each node at once, added up, over the zones given. */
async function creates(
  name: string,
  nodes: { url: string; key: string; pid: number }[],
  zoneIds: string[],
  connections: number,
): Promise<Throughput> {
  let n = 0;
  const load = (seconds: number, prefix: string) =>
    Promise.all(
      nodes.map((node) =>
        autocannon({
          url: `${node.url}/v1/zones/${zoneIds[0]}/records`,
          method: 'POST',
          duration: seconds,
          connections,
          headers: { Authorization: `Bearer ${node.key}`, 'Content-Type': 'application/json' },
          requests: [
            {
              setupRequest: (req) => {
                const i = n++;
                return {
                  ...req,
                  path: `/v1/zones/${zoneIds[i % zoneIds.length]}/records`,
                  body: JSON.stringify({
                    name: `${prefix}${i % 5000}`,
                    type: 'A',
                    content: address(i),
                  }),
                };
              },
            },
          ],
        }),
      ),
    );
  // A node that has just started compiles its code as it runs: the first seconds of load
  // measure the compiler as much as the writes (about a fifth more CPU per create, measured).
  // A server runs warm, so the same load first runs unmeasured, on names of its own.
  if (WARMUP > 0) await load(WARMUP, 'w');
  const nodesCpu = () => nodes.reduce((s, node) => s + treeCpuSeconds(node.pid), 0);
  const nodesBefore = nodesCpu();
  const pgBefore = commandCpuSeconds('postgres');
  const runs = load(DURATION, 'h');
  const results = await runs;
  const total = results.reduce((s, r) => s + r.requests.total, 0);
  const perCreate = (seconds: number) => (seconds * 1000) / total;
  return {
    name,
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
    cpu: {
      nodes: perCreate(nodesCpu() - nodesBefore),
      postgres: perCreate(commandCpuSeconds('postgres') - pgBefore),
    },
  };
}

async function withNodes<T>(
  count: number,
  env: (dir: string) => Record<string, string>,
  work: (nodes: ServerProcess[], key: string) => Promise<T>,
): Promise<T> {
  const dirs = Array.from({ length: count }, () =>
    fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-node-')),
  );
  const nodes: ServerProcess[] = [];
  try {
    for (const dir of dirs) nodes.push(await spawnServer({ ...env(dir), LOG_LEVEL: 'warn' }));
    return await work(nodes, nodes[0]!.signInKey!);
  } finally {
    for (const node of nodes) {
      node.child.kill('SIGTERM');
      await waitForExit(node.child);
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `zones`: 1, every client writes into one zone (writes to a zone are serialised); 16,
 * each write goes to one of 16 zones. */
async function createsOn(
  label: string,
  count: number,
  env: (dir: string) => Record<string, string>,
  zones = 1,
): Promise<Throughput> {
  return withNodes(count, env, async (nodes, key) => {
    const zoneIds: string[] = [];
    for (let z = 0; z < zones; z++) {
      const name = `bench-${count}-${z}-${Date.now()}.example`;
      zoneIds.push((await api(nodes[0]!, key, 'POST', '/v1/zones', { name })).data.id);
    }
    const targets = nodes.map((n) => ({ url: n.url, key, pid: n.child.pid! }));
    return creates(label, targets, zoneIds, 16 / count);
  });
}

async function main() {
  const cluster: PgCluster = await startPgCluster({ fsync: true });
  const limits = { API_RATE_LIMIT: '0', DNS_RRL_RATE: '0' };
  const onPg = (db: string) => (dir: string) => ({
    DATA_DIR: dir,
    DATABASE_URL: cluster.urlOf(db),
    ...limits,
  });
  const rows: Throughput[] = [];
  try {
    for (const db of ['zd_latency', 'zd_one', 'zd_two', 'zd_one_16', 'zd_two_16']) {
      await fetchAdmin(cluster, `create database ${db}`);
    }
    process.stdout.write(`Propagation: ${WRITES} writes spread over two nodes…\n`);
    const delays = await withNodes(2, onPg('zd_latency'), ([a, b], key) =>
      propagation(a!, b!, key),
    );
    const p99 = pct(delays, 99);
    process.stdout.write(
      `  API answer on one node → the other node's DNS serves it (ms): p50 ${pct(delays, 50).toFixed(1)}, ` +
        `p90 ${pct(delays, 90).toFixed(1)}, p99 ${p99.toFixed(1)}, max ${delays.at(-1)!.toFixed(1)}  ` +
        `${p99 < 100 ? 'ok (p99 < 100 ms)' : 'OVER BUDGET (p99 >= 100 ms)'}\n`,
    );

    const statements = await statementFloor(cluster);
    const bare = await httpFloor();
    process.stdout.write(
      `This machine's floors: ${statements.toFixed(0)} PostgreSQL statements/s from Node ` +
        `(select $1, 16 loops, pool of 10); ${bare.toFixed(0)} bare HTTP POSTs/s (16 connections)\n`,
    );
    process.stdout.write(
      `Record creates, 16 clients, ${DURATION} s each after ${WARMUP} s of the same load unmeasured…\n`,
    );
    const sqlite = (dir: string) => ({ DATA_DIR: dir, ...limits });
    rows.push(await createsOn('one SQLite node, one zone', 1, sqlite));
    rows.push(await createsOn('one PostgreSQL node, one zone', 1, onPg('zd_one')));
    rows.push(await createsOn('two PostgreSQL nodes, one zone', 2, onPg('zd_two')));
    // A provider's writes go to many zones: writes to one zone wait for each other's commit
    // (lockZone), writes to different zones do not.
    rows.push(await createsOn('one SQLite node, 16 zones', 1, sqlite, 16));
    rows.push(await createsOn('one PostgreSQL node, 16 zones', 1, onPg('zd_one_16'), 16));
    rows.push(await createsOn('two PostgreSQL nodes, 16 zones', 2, onPg('zd_two_16'), 16));
    const pdns = await powerDnsCase(cluster, DURATION, WARMUP);
    if (pdns) rows.push(pdns);
    else
      rows.push({
        name: 'PowerDNS API, gpgsql (not installed)',
        rps: NaN,
        p50: NaN,
        p99: NaN,
        errors: NaN,
      });
  } finally {
    await cluster.stop();
  }
  const two = rows.find((r) => r.name.startsWith('two'))!;
  const twoSpread = rows.find((r) => r.name === 'two PostgreSQL nodes, 16 zones')!;
  process.stdout.write(
    `\n| case                                   | creates/s | p50 ms | p99 ms | errors | CPU ms per create: nodes, PostgreSQL |\n` +
      `| -------------------------------------- | --------- | ------ | ------ | ------ | ------------------------------------ |\n` +
      rows
        .map(
          (r) =>
            `| ${r.name.padEnd(38)} | ${fmt(r.rps, 0).padStart(9)} | ${fmt(r.p50, 0).padStart(6)} | ${fmt(r.p99, 0).padStart(6)} | ${fmt(r.errors, 0).padStart(6)} | ${cpuCell(r).padEnd(36)} |`,
        )
        .join('\n') +
      `\n\nBudget, two PostgreSQL nodes: >= 1,000/s with 0 errors: one zone ${verdict(two)}, ` +
      `16 zones ${verdict(twoSpread)}\n`,
  );
}

/** The nodes' CPU per create, and PostgreSQL's where the nodes ran on it. */
const cpuCell = (r: Throughput) =>
  !r.cpu
    ? '–'
    : r.name.includes('PostgreSQL')
      ? `${fmt(r.cpu.nodes, 2)}, ${fmt(r.cpu.postgres, 2)}`
      : fmt(r.cpu.nodes, 2);

const verdict = (r: Throughput) => (r.rps >= 1000 && r.errors === 0 ? 'ok' : 'OVER BUDGET');
const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function fetchAdmin(cluster: PgCluster, statement: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
