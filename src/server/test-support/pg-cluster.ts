// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary directory,
// postgres on a free loopback port, everything removed at the end. initdb and postgres refuse
// to run as root, so as root (here and in CI) they run as Debian's `postgres` user, or `nobody`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The migrated database every test database is copied from. */
export const TEMPLATE_DATABASE = 'zonedeck_template';

export interface PgCluster {
  /** postgres://…/postgres: the maintenance database, for CREATE DATABASE. */
  url: string;
  port: number;
  /** The same server with `database` in place of postgres. */
  urlOf(database: string): string;
  /** kill -9 of the postmaster, as a crash would (its backends follow it). */
  crash(): Promise<void>;
  /** Starts the server again on the same data (crash recovery when it was killed). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const MISSING =
  'PostgreSQL is not installed: the PostgreSQL half of the tests needs initdb and postgres ' +
  'under /usr/lib/postgresql/<version>/bin (apt-get install postgresql).';

/** The newest installed PostgreSQL's bin directory. */
export function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error(MISSING);
  return path.join(base, versions[0]!, 'bin');
}

/** Who runs PostgreSQL: ourselves, or when root an unprivileged user. */
async function runAs(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number((await run('id', ['-u', user])).stdout.trim());
      const gid = Number((await run('id', ['-g', user])).stdout.trim());
      return { uid, gid };
    } catch {
      /* no such user: the next */
    }
  }
  throw new Error(
    'Running as root with neither a `postgres` nor a `nobody` user to run PostgreSQL as',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ClusterOptions {
  /** fsync off makes tests faster; the durability test wants it on. */
  fsync?: boolean;
}

export async function startPgCluster(options: ClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBin();
  const owner = await runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-pg-'));
  const data = path.join(dir, 'data');
  // The user PostgreSQL runs as must reach the directory through /tmp's sticky bit.
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const as = owner ?? {};
  await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'zonedeck', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...as, cwd: dir },
  );
  const port = await freePort();
  const settings = [
    `port=${port}`,
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=300',
    `fsync=${options.fsync ? 'on' : 'off'}`,
    ...(options.fsync ? [] : ['synchronous_commit=off', 'full_page_writes=off']),
  ];
  const launch = async () => {
    const proc = spawn(
      path.join(bin, 'postgres'),
      ['-D', data, ...settings.flatMap((s) => ['-c', s])],
      { ...as, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await readyOrExit(proc);
    return proc;
  };
  let child = await launch();
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once('exit', () => r()));
  const urlOf = (database: string) => `postgres://zonedeck@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    async crash() {
      child.kill('SIGKILL');
      await exited();
    },
    async start() {
      // The killed postmaster's backends notice its death within moments; until they have
      // left, a new postmaster refuses the data directory (its shared memory is still in use).
      for (let attempt = 1; ; attempt++) {
        try {
          child = await launch();
          return;
        } catch (e) {
          if (attempt >= 50) throw e;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const done = exited();
        child.kill('SIGQUIT'); // immediate shutdown: the cluster is thrown away
        await done;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once postgres says it accepts connections; rejects with its output if it exits. */
function readyOrExit(child: ChildProcess): Promise<void> {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres did not start:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/ready to accept connections/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres exited with ${code}:\n${out}`));
    });
  });
}
