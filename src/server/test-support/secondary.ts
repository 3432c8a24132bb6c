// What a real secondary (Knot, NSD, BIND) looks like to a test, whatever the engine: the
// options it is started with, the handle it gives back, and the engine adapter behind it.
import fs from 'node:fs';
import path from 'node:path';
import { dig } from './dns-tools';
import {
  readIfExists,
  requireTool,
  startDaemon,
  tempDir,
  waitFor,
  withFreePorts,
  type Daemon,
  type DaemonSpec,
} from './secondary-daemon';

export type SecondaryKind = 'knot' | 'nsd' | 'bind';
export type TsigAlgorithm = 'hmac-sha256' | 'hmac-sha512';
export type TransferKind = 'IXFR' | 'AXFR';

export interface TsigKey {
  name: string;
  algorithm: TsigAlgorithm;
  /** base64 */
  secret: string;
}

export interface Endpoint {
  host: string;
  port: number;
}

export interface SecondaryOptions {
  /** Where it transfers from (TCP) and whose NOTIFY it accepts. */
  primary: Endpoint;
  /** Zones configured explicitly. */
  zones: string[];
  /** Signs its SOA queries and transfers, and requires it on NOTIFY. */
  tsig?: TsigKey;
  /** Knot and BIND: also consume this catalog zone (RFC 9432) from the primary. */
  catalog?: string;
}

export interface Secondary {
  kind: SecondaryKind;
  host: string;
  port: number;
  /** Its temporary directory: configuration, zone files, journals, log. */
  dir: string;
  stop(): Promise<void>;
  /** Stops it and removes its directory (after a test; `log()` is gone then). */
  destroy(): Promise<void>;
  /** Starts it again on the same port with the same files (after `stop`, or while running). */
  restart(): Promise<void>;
  /** The serial it serves for `zone` (`dig SOA +norec`), null when it does not serve it. */
  serialOf(zone: string): Promise<number | null>;
  waitForSerial(zone: string, serial: number, timeoutMs: number): Promise<void>;
  /** Waits until it no longer serves `zone` (a catalog member removed). */
  waitForGone(zone: string, timeoutMs: number): Promise<void>;
  /** Its log (and its standard output), for failure messages and transfer checks. */
  log(): string;
  /** Adds or removes an explicitly configured zone: rewrites the configuration, reloads it. */
  addZone(zone: string): Promise<void>;
  removeZone(zone: string): Promise<void>;
  /**
   * Points it at another primary (a server restarted on another port, or started after it):
   * rewrites the configuration and reloads it; the zones refresh from there.
   */
  setPrimary(primary: Endpoint): Promise<void>;
  /**
   * The kinds of the incoming transfers of `zone` it completed, oldest first, from its log;
   * null when the engine does not log the kind (NSD): look at the primary's side then.
   */
  transfers(zone: string): TransferKind[] | null;
  /** The kind of its last completed transfer of `zone`, null before the first or unknown. */
  lastTransfer(zone: string): TransferKind | null;
  /** Whether its log shows the primary refusing its TSIG (on an SOA query or a transfer). */
  sawTsigRefusal(): boolean;
}

/** What an engine's adapter is given to write its configuration. */
export interface EngineSetup {
  dir: string;
  /** [dns port, control port] (engines without a TCP control channel ignore the second). */
  ports: number[];
  options: SecondaryOptions;
  zones: string[];
}

export interface Engine {
  kind: SecondaryKind;
  binary: string;
  debianPackage: string;
  writeConfig(setup: EngineSetup): void;
  args(setup: EngineSetup): string[];
  logFile(dir: string): string;
  /** Makes the running daemon read its rewritten configuration. */
  reconfigure(setup: EngineSetup): Promise<void>;
  transfers(log: string, zone: string): TransferKind[] | null;
  /** How its log says that the primary refused its TSIG. */
  tsigRefused: RegExp;
}

export function absolute(zone: string): string {
  return zone.endsWith('.') ? zone.toLowerCase() : `${zone.toLowerCase()}.`;
}

export function relative(zone: string): string {
  return absolute(zone).slice(0, -1);
}

export async function soaSerial(port: number, zone: string): Promise<number | null> {
  const answer = await dig(port, absolute(zone), 'SOA');
  if (answer.status !== 'NOERROR') return null;
  const soa = answer.records.find(
    (r) => r.type === 'SOA' && r.name.toLowerCase() === absolute(zone),
  );
  const serial = soa?.data.split(/\s+/)[2];
  return serial === undefined ? null : Number(serial);
}

/** How to run `engine` configured by `setup` (its configuration already written). */
export function engineDaemon(engine: Engine, setup: EngineSetup): DaemonSpec {
  const logFile = engine.logFile(setup.dir);
  return {
    binary: engine.binary,
    args: engine.args(setup),
    outputFile: path.join(setup.dir, 'output.log'),
    // Any answer at all (REFUSED before the first transfer) means it listens.
    ready: async () => void (await dig(setup.ports[0]!, 'invalid.', 'SOA', '+time=1')),
    logText: () => readIfExists(logFile),
  };
}

export async function startEngine(engine: Engine, options: SecondaryOptions): Promise<Secondary> {
  requireTool(engine.binary, engine.debianPackage);
  requireTool('/usr/bin/dig', 'dnsutils');
  if (options.catalog && engine.kind === 'nsd') {
    throw new Error("NSD 4.6 does not consume catalog zones: list the zones in 'zones'");
  }
  const dir = tempDir(`secondary-${engine.kind}`);
  const setup: EngineSetup = { dir, ports: [], options, zones: options.zones.map(relative) };
  const logFile = engine.logFile(dir);
  const outputFile = path.join(dir, 'output.log');
  const launch = () => startDaemon(engineDaemon(engine, setup));
  let daemon: Daemon = await withFreePorts(2, (ports) => {
    setup.ports = ports;
    engine.writeConfig(setup);
    return launch();
  });
  const port = setup.ports[0]!;
  const log = () => `${readIfExists(logFile)}${readIfExists(outputFile)}`;
  const serialOf = (zone: string) => soaSerial(port, zone);
  const secondary: Secondary = {
    kind: engine.kind,
    host: '127.0.0.1',
    port,
    dir,
    stop: () => daemon.stop(),
    async destroy() {
      await daemon.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await daemon.stop();
      daemon = await launch();
    },
    serialOf,
    async waitForSerial(zone, serial, timeoutMs) {
      let last: number | null = null;
      await waitFor(
        async () => (last = await serialOf(zone)) === serial,
        timeoutMs,
        () =>
          `${engine.kind} serves ${zone} at serial ${last}, not ${serial}, after ${timeoutMs} ms:\n${log()}`,
      );
    },
    async waitForGone(zone, timeoutMs) {
      await waitFor(
        async () => (await serialOf(zone)) === null,
        timeoutMs,
        () => `${engine.kind} still serves ${zone} after ${timeoutMs} ms:\n${log()}`,
      );
    },
    log,
    async addZone(zone) {
      if (!setup.zones.includes(relative(zone))) setup.zones.push(relative(zone));
      engine.writeConfig(setup);
      await engine.reconfigure(setup);
    },
    async setPrimary(primary) {
      setup.options = { ...setup.options, primary };
      engine.writeConfig(setup);
      await engine.reconfigure(setup);
    },
    async removeZone(zone) {
      setup.zones = setup.zones.filter((z) => z !== relative(zone));
      engine.writeConfig(setup);
      await engine.reconfigure(setup);
    },
    transfers: (zone) => engine.transfers(log(), zone),
    lastTransfer: (zone) => engine.transfers(log(), zone)?.at(-1) ?? null,
    sawTsigRefusal: () => engine.tsigRefused.test(log()),
  };
  return secondary;
}

/** Writes `text` to `dir/name`, creating folders on the way. */
export function writeFile(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}
