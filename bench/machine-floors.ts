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

/** One process's /proc/<pid>/stat: its command and its CPU seconds so far (user + system). */
function statOf(pid: number | string): { command: string; seconds: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    // utime + stime, in USER_HZ ticks (100 a second on Linux)
    seconds: (Number(fields[11]) + Number(fields[12])) / 100,
  };
}

/** CPU seconds used so far by process `pid` and its children (a server's DNS workers). */
export function treeCpuSeconds(pid: number): number {
  let cpu = statOf(pid).seconds;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  for (const child of children ? children.split(/\s+/) : []) cpu += treeCpuSeconds(Number(child));
  return cpu;
}

/** CPU seconds used so far by every process running `command` (PostgreSQL's are `postgres`). */
export function commandCpuSeconds(command: string): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = statOf(entry);
      if (stat.command === command) total += stat.seconds;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
