// A real DNS daemon (knotd, nsd, named) as a test's child process: its own temporary directory,
// free ports, the foreground, its own process group (so a stop takes its workers with it) and
// its output in a file of that directory, to show when a test fails.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

/** Fails with the Debian package to install when `binary` is missing: tests never skip. */
export function requireTool(binary: string, debianPackage: string): void {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    throw new Error(`${binary} is missing: apt-get install ${debianPackage}`);
  }
}

function listenUdp(port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve(socket));
  });
}

function listenTcp(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * A port free on 127.0.0.1 for both UDP and TCP right now. It is released before the daemon
 * binds it, so another process may still take it: `startDaemon` retries on that collision.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = await listenUdp(0);
    const port = udp.address().port;
    const tcp = await listenTcp(port).catch(() => null);
    udp.close();
    if (tcp) {
      await new Promise((resolve) => tcp.close(resolve));
      return port;
    }
  }
  throw new Error('no port free for both UDP and TCP on 127.0.0.1');
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `zonedeck-${prefix}-`));
}

const running = new Set<ChildProcess>();

// A test run that ends or is killed must not leave daemons behind holding ports. The signal is
// raised again once the daemons are gone, so the process still ends as it would have.
const killAll = () => {
  for (const child of running) killGroup(child, 'SIGKILL');
};
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll();
    process.kill(process.pid, signal);
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export interface DaemonSpec {
  binary: string;
  args: string[];
  /** Where its output goes (appended across restarts). */
  outputFile: string;
  /** Resolves once the daemon answers; rejects are retried until the start times out. */
  ready(): Promise<void>;
  /** Its own log, read when it fails to start. */
  logText(): string;
}

/** A started daemon: kill its process group, wait for the exit. */
export interface Daemon {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns `spec` and waits until `ready()` passes. Throws with the daemon's log when it exits
 * or does not get ready within `timeoutMs`; `addressInUse` says whether that was a collision.
 */
export async function startDaemon(spec: DaemonSpec, timeoutMs = 30_000): Promise<Daemon> {
  // Earlier starts in the same directory (restarts, collisions) left their words in the files.
  const from = { output: readIfExists(spec.outputFile).length, log: spec.logText().length };
  const out = fs.openSync(spec.outputFile, 'a');
  // Run in its own directory: named writes its debug file (named.run) to the working directory.
  const child = spawn(spec.binary, spec.args, {
    cwd: path.dirname(spec.outputFile),
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  running.add(child);
  child.once('exit', () => running.delete(child));
  const stop = async () => {
    if (exited(child)) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
    // Workers (nsd forks them) may outlive the parent for a moment.
    killGroup(child, 'SIGKILL');
  };
  const deadline = Date.now() + timeoutMs;
  const collided = async () => {
    // named and nsd may keep running without the socket they could not bind.
    if (!ADDRESS_IN_USE.test(daemonOutput(spec, from))) return;
    await stop();
    throw new DaemonStartError(spec, 'could not bind its port', from);
  };
  for (;;) {
    if (exited(child)) throw new DaemonStartError(spec, `exited with ${child.exitCode}`, from);
    await collided();
    const ready = await spec.ready().then(
      () => true,
      () => false, // Not listening yet.
    );
    // Checked again: whoever holds the port may be the one that answered.
    await collided();
    if (ready && !exited(child)) return { child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new DaemonStartError(spec, `not ready after ${timeoutMs} ms`, from);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// knotd: "(address already in use)", nsd: "Address already in use", named: "address in use"
// (rndc's port) or, for its only DNS socket, "unable to listen on any configured interfaces".
const ADDRESS_IN_USE = /address (already )?in use|unable to listen on any configured interfaces/i;

/** Its output and log since `from` (the lengths they had when this start began). */
function daemonOutput(spec: DaemonSpec, from = { output: 0, log: 0 }): string {
  return `${readIfExists(spec.outputFile).slice(from.output)}\n${spec.logText().slice(from.log)}`;
}

export class DaemonStartError extends Error {
  /** Another process took one of its ports: worth a retry with fresh ones. */
  readonly addressInUse: boolean;
  constructor(spec: DaemonSpec, why: string, from?: { output: number; log: number }) {
    const log = daemonOutput(spec, from);
    super(`${spec.binary} ${why}:\n${log}`);
    this.addressInUse = ADDRESS_IN_USE.test(log);
  }
}

/** Calls `start` with fresh ports until a start does not collide with another process. */
export async function withFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>) {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    try {
      return await start(ports);
    } catch (e) {
      if (!(e instanceof DaemonStartError && e.addressInUse) || attempt >= 5) throw e;
    }
  }
}

export function readIfExists(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** Polls `check` until it returns true, or throws `describe()` after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
