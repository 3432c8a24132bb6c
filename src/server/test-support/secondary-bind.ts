// BIND (named 9.18) as a secondary: explicit zones and, optionally, a catalog zone it consumes
// (catalog-zones); controlled by rndc on a free TCP port.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { run } from './secondary-daemon';
import {
  absolute,
  relative,
  writeFile,
  type Engine,
  type EngineSetup,
  type TransferKind,
} from './secondary';

export const NAMED = '/usr/sbin/named';
export const RNDC = '/usr/sbin/rndc';

/** The rndc key of `dir`, made once so that rewrites of the configuration keep it. */
function rndcSecret(dir: string): string {
  const file = path.join(dir, 'rndc.secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64'));
  return fs.readFileSync(file, 'utf8');
}

function namedConfig({ dir, ports, options, zones }: EngineSetup): string {
  const { primary, tsig, catalog } = options;
  const primaries = `${primary.host} port ${primary.port}${tsig ? ` key "${tsig.name}"` : ''}`;
  const lines = [
    'options {',
    `    directory "${dir}";`,
    // Nothing in /var or /run: pid file, session key and managed keys stay in the directory.
    `    pid-file "${dir}/named.pid";`,
    `    session-keyfile "${dir}/session.key";`,
    `    managed-keys-directory "${dir}";`,
    `    listen-on port ${ports[0]} { 127.0.0.1; };`,
    '    listen-on-v6 { none; };',
    '    recursion no;',
    '    dnssec-validation no;',
    '    notify no;',
    // Short timers so that a missed NOTIFY is recovered within seconds.
    '    min-refresh-time 2;',
    '    max-refresh-time 10;',
    '    min-retry-time 1;',
    '    max-retry-time 5;',
  ];
  if (catalog) {
    lines.push(
      '    catalog-zones {',
      `        zone "${absolute(catalog)}" default-primaries { ${primaries}; }`,
      `            zone-directory "members" in-memory no min-update-interval 1;`,
      '    };',
    );
  }
  lines.push('};');
  if (tsig) {
    lines.push(`key "${tsig.name}" { algorithm ${tsig.algorithm}; secret "${tsig.secret}"; };`);
  }
  lines.push(
    `key "rndc-key" { algorithm hmac-sha256; secret "${rndcSecret(dir)}"; };`,
    `controls { inet 127.0.0.1 port ${ports[1]} allow { 127.0.0.1; } keys { "rndc-key"; }; };`,
    'logging {',
    `    channel to-file { file "${dir}/named.log"; severity info; print-time iso8601-utc;`,
    '        print-category yes; print-severity yes; };',
    `    channel xfer-file { file "${dir}/named.log"; severity debug 3; print-time iso8601-utc;`,
    '        print-category yes; print-severity yes; };',
    '    category default { to-file; };',
    '    category xfer-in { xfer-file; };',
    '};',
  );
  // A NOTIFY from the primary's address is accepted; with a key it must also verify.
  const notifyFrom = tsig ? `key "${tsig.name}"` : primary.host;
  for (const zone of [...zones, ...(catalog ? [catalog] : [])]) {
    lines.push(
      `zone "${absolute(zone)}" {`,
      '    type secondary;',
      `    primaries { ${primaries}; };`,
      `    allow-notify { ${notifyFrom}; };`,
      `    file "zones/${relative(zone)}.db";`,
      '};',
    );
  }
  return `${lines.join('\n')}\n`;
}

function rndcConfig(dir: string, port: number): string {
  return [
    `key "rndc-key" { algorithm hmac-sha256; secret "${rndcSecret(dir)}"; };`,
    `options { default-key "rndc-key"; default-server 127.0.0.1; default-port ${port}; };`,
    '',
  ].join('\n');
}

/**
 * xfrin says, at debug level 3 (hence `-d 3` with only xfer-in at that level), "got incremental
 * response" or "got nonincremental response" for each transfer, then "Transfer completed".
 */
export function bindTransfers(log: string, zone: string): TransferKind[] {
  const kinds: TransferKind[] = [];
  const tag = `transfer of '${relative(zone)}/IN'`.toLowerCase();
  let kind: TransferKind | null = null;
  for (const line of log.split('\n')) {
    if (!line.toLowerCase().includes(tag)) continue;
    if (line.includes('got incremental response')) kind = 'IXFR';
    if (line.includes('got nonincremental response')) kind = 'AXFR';
    if (line.includes('Transfer completed') && kind) {
      kinds.push(kind);
      kind = null;
    }
  }
  return kinds;
}

export const bindEngine: Engine = {
  kind: 'bind',
  binary: NAMED,
  debianPackage: 'bind9',
  writeConfig(setup) {
    fs.mkdirSync(path.join(setup.dir, 'zones'), { recursive: true });
    fs.mkdirSync(path.join(setup.dir, 'members'), { recursive: true });
    writeFile(setup.dir, 'named.conf', namedConfig(setup));
    writeFile(setup.dir, 'rndc.conf', rndcConfig(setup.dir, setup.ports[1]!));
  },
  // Foreground with the configured logging (-f, not -g), and what it says before it has read
  // that (a port it could not bind) in the same file (-L); no -u: it stays the starting user.
  args: ({ dir }) => {
    const log = path.join(dir, 'named.log');
    return ['-f', '-L', log, '-4', '-n', '1', '-d', '3', '-c', path.join(dir, 'named.conf')];
  },
  logFile: (dir) => path.join(dir, 'named.log'),
  async reconfigure({ dir }) {
    await run(RNDC, ['-c', path.join(dir, 'rndc.conf'), 'reconfig']);
  },
  transfers: bindTransfers,
  tsigRefused: /refresh: failure trying primary .*tsig/,
};
