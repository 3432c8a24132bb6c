// Knot (knotd 3.2) as a secondary: explicit zones and, optionally, a catalog zone it interprets.
import path from 'node:path';
import { run } from './secondary-daemon';
import {
  absolute,
  writeFile,
  type Engine,
  type EngineSetup,
  type TransferKind,
  type TsigKey,
} from './secondary';

export const KNOTD = '/usr/sbin/knotd';
export const KNOTC = '/usr/sbin/knotc';

/**
 * The sections every Knot of ours shares: everything in `dir` (no /var, no /run), no `user`
 * (so it stays the user that started it), one worker of each kind on a shared machine.
 */
export function knotBase(dir: string, port: number, tsig: TsigKey | undefined): string {
  const lines = [
    'server:',
    `    rundir: "${dir}"`,
    `    pidfile: "${dir}/knot.pid"`,
    `    listen: 127.0.0.1@${port}`,
    '    udp-workers: 1',
    '    tcp-workers: 1',
    '    background-workers: 1',
    'control:',
    `    listen: "${dir}/knot.sock"`,
    'database:',
    `    storage: "${dir}"`,
    'log:',
    `  - target: "${dir}/knot.log"`,
    '    any: info',
  ];
  if (tsig) lines.push('key:', ...knotKey(tsig));
  return lines.join('\n');
}

export function knotKey(tsig: TsigKey): string[] {
  return [`  - id: ${tsig.name}`, `    algorithm: ${tsig.algorithm}`, `    secret: ${tsig.secret}`];
}

/** knotc against the daemon of `dir`; throws with knotc's own words. */
export async function knotc(dir: string, ...args: string[]): Promise<string> {
  const r = await run(KNOTC, ['-c', path.join(dir, 'knot.conf'), '-t', '20', ...args]).catch(
    (e: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`knotc ${args.join(' ')}: ${e.stderr ?? ''}${e.stdout ?? ''}${e.message}`);
    },
  );
  return r.stdout;
}

// Short timers so that a missed NOTIFY is recovered within seconds; tests still rely on NOTIFY.
const TIMERS = [
  '    refresh-min-interval: 2',
  '    refresh-max-interval: 10',
  '    retry-min-interval: 1',
  '    retry-max-interval: 5',
];

function knotSecondaryConfig({ dir, ports, options, zones }: EngineSetup): string {
  const { primary, tsig, catalog } = options;
  const key = tsig ? [`    key: ${tsig.name}`] : [];
  const fromPrimary = ['    master: primary', '    acl: notify-from-primary', ...TIMERS];
  const lines = [
    knotBase(dir, ports[0]!, tsig),
    'remote:',
    '  - id: primary',
    `    address: ${primary.host}@${primary.port}`,
    ...key,
    'acl:',
    '  - id: notify-from-primary',
    `    address: ${primary.host}`,
    ...key,
    '    action: notify',
    'template:',
    '  - id: default',
    `    storage: "${dir}/zones"`,
    '    file: "%s.zone"',
    ...fromPrimary,
  ];
  if (catalog) {
    // Members of the catalog get a template of their own, stored apart from explicit zones.
    lines.push('  - id: member', `    storage: "${dir}/members"`, '    file: "%s.zone"');
    lines.push(...fromPrimary);
  }
  if (zones.length || catalog) lines.push('zone:');
  for (const zone of zones) lines.push(`  - domain: ${absolute(zone)}`);
  if (catalog) {
    lines.push(`  - domain: ${absolute(catalog)}`);
    lines.push('    catalog-role: interpret', '    catalog-template: member');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Knot logs `[zone.] IXFR, incoming, remote …, finished, …` (or AXFR, or outgoing) per completed
 * transfer; an IXFR answered AXFR-style ("receiving AXFR-style IXFR", or on the primary's side
 * "fallback to AXFR") counts as AXFR.
 */
export function knotTransfers(
  log: string,
  zone: string,
  direction: 'incoming' | 'outgoing' = 'incoming',
): TransferKind[] {
  const kinds: TransferKind[] = [];
  let axfrStyle = false;
  const prefix = `[${absolute(zone)}] `;
  for (const line of log.split('\n')) {
    const at = line.toLowerCase().indexOf(prefix);
    if (at < 0) continue;
    const rest = line.slice(at + prefix.length);
    if (!rest.startsWith(`IXFR, ${direction}`) && !rest.startsWith(`AXFR, ${direction}`)) continue;
    if (/, started/.test(rest)) axfrStyle = false; // a failed transfer's words end here
    if (/AXFR-style|fallback to AXFR/.test(rest)) axfrStyle = true;
    if (/, finished/.test(rest)) {
      kinds.push(rest.startsWith('IXFR') && !axfrStyle ? 'IXFR' : 'AXFR');
      axfrStyle = false;
    }
  }
  return kinds;
}

export const knotEngine: Engine = {
  kind: 'knot',
  binary: KNOTD,
  debianPackage: 'knot',
  writeConfig(setup) {
    writeFile(setup.dir, 'knot.conf', knotSecondaryConfig(setup));
  },
  args: ({ dir }) => ['-c', path.join(dir, 'knot.conf')],
  logFile: (dir) => path.join(dir, 'knot.log'),
  async reconfigure({ dir }) {
    await knotc(dir, 'reload');
  },
  transfers: knotTransfers,
  tsigRefused: /failed to verify TSIG/,
};
