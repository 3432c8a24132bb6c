// What this machine can do at all, measured in the same run as the creates they bound (absolute
// figures drift from day to day on shared machines): parameterised statements per second from
// Node to the run's PostgreSQL cluster (16 loops on a pool of 10, as a node's writes are), and
// bare HTTP POSTs per second to a Node server that only answers 201 (16 connections). And the
// CPU that processes used, to say what one create costs where.
import autocannon from 'autocannon';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { PgCluster } from '../src/server/test-support/pg-cluster';

const SECONDS = 5;

export async function statementFloor(cluster: PgCluster): Promise<number> {
  const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
  try {
    let n = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (Date.now() < end) {
          await pool.query('select $1::int', [n]);
          n++;
        }
      }),
    );
    return n / SECONDS;
  } finally {
    await pool.end();
  }
}

export async function httpFloor(): Promise<number> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'h1', type: 'A', content: '10.0.0.1' }),
      connections: 16,
      duration: SECONDS,
    });
    return result.requests.average;
  } finally {
    server.close();
  }
}

/** CPU seconds (user + system) used so far by the processes `of` picks, from /proc (Linux). */
export function cpuSeconds(of: (pid: number, command: string) => boolean): number {
  const tick = 100; // USER_HZ: the unit of /proc/<pid>/stat's times on Linux
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!of(Number(entry), command)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) / tick;
  }
  return total;
}
