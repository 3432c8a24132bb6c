// Knot as a PRIMARY for tests and the benchmark: zone files written in a temporary directory,
// transfers (IXFR from its journal) to a TSIG key or to 127.0.0.0/8, NOTIFY to given targets.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  readIfExists,
  requireTool,
  startDaemon,
  tempDir,
  waitFor,
  withFreePorts,
  type Daemon,
} from './secondary-daemon';
import { KNOTD, knotBase, knotc, knotTransfers } from './secondary-knot';
import {
  absolute,
  soaSerial,
  writeFile,
  type Endpoint,
  type TransferKind,
  type TsigKey,
} from './secondary';

export interface KnotPrimaryOptions {
  /** Zone name → zone file text (with its own SOA). */
  zones: Record<string, string>;
  /** Where to send NOTIFY (signed with `tsig` when given); can be changed later. */
  notify?: Endpoint[];
  /** When given, transfers need this key; otherwise 127.0.0.0/8 may transfer. */
  tsig?: TsigKey;
}

/** One change of a zone, knotc's words: `owner ttl type rdata` to add, `owner type rdata` to remove. */
export interface ZoneChange {
  add?: string[];
  remove?: string[];
}

export interface KnotPrimary extends Endpoint {
  dir: string;
  stop(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
  log(): string;
  /** The kinds of the transfers of `zone` it served, oldest first (from its log). */
  transfersOut(zone: string): TransferKind[];
  serialOf(zone: string): Promise<number | null>;
  /** Waits until it serves `zone` at `serial` (a large zone loads after the daemon is up). */
  waitForSerial(zone: string, serial: number, timeoutMs: number): Promise<void>;
  setNotify(targets: Endpoint[]): Promise<void>;
  /** Rewrites the zone file (the serial must grow) and reloads it: Knot computes the IXFR diff. */
  setZoneText(zone: string, text: string): Promise<void>;
  /** One transaction through knotc (the serial is incremented by Knot); the new serial. */
  change(zone: string, change: ZoneChange): Promise<number>;
  addZone(zone: string, text: string): Promise<void>;
  removeZone(zone: string): Promise<void>;
}

interface PrimaryState {
  dir: string;
  port: number;
  zones: string[];
  notify: Endpoint[];
  tsig: TsigKey | undefined;
}

function primaryConfig({ dir, port, zones, notify, tsig }: PrimaryState): string {
  const key = tsig ? [`    key: ${tsig.name}`] : [];
  const lines = [knotBase(dir, port, tsig)];
  if (notify.length) lines.push('remote:');
  notify.forEach((target, i) => {
    lines.push(`  - id: notify-${i}`, `    address: ${target.host}@${target.port}`, ...key);
  });
  lines.push('acl:', '  - id: transfer', ...(tsig ? key : ['    address: 127.0.0.0/8']));
  lines.push('    action: transfer');
  lines.push(
    'template:',
    '  - id: default',
    `    storage: "${dir}/zones"`,
    '    file: "%s.zone"',
    '    acl: transfer',
    // Never rewrite the test's files; edits to them become journal changes served as IXFR.
    '    zonefile-sync: -1',
    '    zonefile-load: difference',
    '    journal-content: changes',
    '    serial-policy: increment',
  );
  if (notify.length) lines.push(`    notify: [${notify.map((_, i) => `notify-${i}`).join(', ')}]`);
  if (zones.length) lines.push('zone:', ...zones.map((z) => `  - domain: ${absolute(z)}`));
  return `${lines.join('\n')}\n`;
}

export async function startKnotPrimary(options: KnotPrimaryOptions): Promise<KnotPrimary> {
  requireTool(KNOTD, 'knot');
  const dir = tempDir('knot-primary');
  const state: PrimaryState = {
    dir,
    port: 0,
    zones: Object.keys(options.zones).map(absolute),
    notify: options.notify ?? [],
    tsig: options.tsig,
  };
  const zoneFile = (zone: string) => `zones/${absolute(zone)}zone`;
  for (const [zone, text] of Object.entries(options.zones)) writeFile(dir, zoneFile(zone), text);
  const logFile = path.join(dir, 'knot.log');
  const outputFile = path.join(dir, 'output.log');
  const daemon: Daemon = await withFreePorts(1, ([port]) => {
    state.port = port!;
    writeFile(dir, 'knot.conf', primaryConfig(state));
    return startDaemon({
      binary: KNOTD,
      args: ['-c', path.join(dir, 'knot.conf')],
      outputFile,
      ready: async () => void (await knotc(dir, 'status')),
      logText: () => readIfExists(logFile),
    });
  });
  const reconfigure = async () => {
    writeFile(dir, 'knot.conf', primaryConfig(state));
    await knotc(dir, 'reload');
  };
  const serialOf = (zone: string) => soaSerial(state.port, zone);
  return {
    host: '127.0.0.1',
    port: state.port,
    dir,
    stop: () => daemon.stop(),
    async destroy() {
      await daemon.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => `${readIfExists(logFile)}${readIfExists(outputFile)}`,
    transfersOut: (zone) => knotTransfers(readIfExists(logFile), zone, 'outgoing'),
    serialOf,
    async waitForSerial(zone, serial, timeoutMs) {
      let last: number | null = null;
      await waitFor(
        async () => (last = await serialOf(zone)) === serial,
        timeoutMs,
        () => `knot primary serves ${zone} at ${last}, not ${serial}:\n${readIfExists(logFile)}`,
      );
    },
    async setNotify(targets) {
      state.notify = targets;
      await reconfigure();
    },
    async setZoneText(zone, text) {
      writeFile(dir, zoneFile(zone), text);
      await knotc(dir, '-b', 'zone-reload', absolute(zone));
    },
    async change(zone, { add = [], remove = [] }) {
      const name = absolute(zone);
      await knotc(dir, 'zone-begin', name);
      try {
        for (const rr of remove) await knotc(dir, 'zone-unset', name, ...rr.split(/\s+/));
        for (const rr of add) await knotc(dir, 'zone-set', name, ...rr.split(/\s+/));
        await knotc(dir, 'zone-commit', name);
      } catch (e) {
        await knotc(dir, 'zone-abort', name).catch(() => '');
        throw e;
      }
      const serial = await serialOf(zone);
      if (serial === null) throw new Error(`knot primary does not serve ${zone} after a change`);
      return serial;
    },
    async addZone(zone, text) {
      writeFile(dir, zoneFile(zone), text);
      if (!state.zones.includes(absolute(zone))) state.zones.push(absolute(zone));
      await reconfigure();
    },
    async removeZone(zone) {
      state.zones = state.zones.filter((z) => z !== absolute(zone));
      await reconfigure();
    },
  };
}

/** A small zone whose SOA asks for quick refreshes (2 s) and retries (1 s). */
export function testZoneText(zone: string, serial: number, extra: string[] = []): string {
  const origin = absolute(zone);
  return [
    `$ORIGIN ${origin}`,
    '$TTL 300',
    `@ IN SOA ns1.${origin} hostmaster.${origin} ${serial} 2 1 600 60`,
    `@ IN NS ns1.${origin}`,
    'ns1 IN A 192.0.2.1',
    ...extra,
    '',
  ].join('\n');
}

/** A catalog zone (RFC 9432, version 2) listing `members`, each with a stable unique id. */
export function catalogZoneText(catalog: string, serial: number, members: string[]): string {
  const origin = absolute(catalog);
  const lines = [
    `$ORIGIN ${origin}`,
    '$TTL 0',
    `@ IN SOA invalid. invalid. ${serial} 2 1 600 0`,
    '@ IN NS invalid.',
    'version IN TXT "2"',
  ];
  for (const member of members) {
    const id = createHash('sha256').update(absolute(member)).digest('hex').slice(0, 16);
    lines.push(`${id}.zones IN PTR ${absolute(member)}`);
  }
  return `${lines.join('\n')}\n`;
}
