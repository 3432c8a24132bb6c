// NSD (4.6) as a secondary: zones listed explicitly (it has no catalog support), IXFR requested
// first with AXFR as fallback, controlled through a Unix socket (no TLS keys to set up).
import fs from 'node:fs';
import path from 'node:path';
import { run } from './secondary-daemon';
import { absolute, writeFile, type Engine, type EngineSetup } from './secondary';

export const NSD = '/usr/sbin/nsd';
export const NSD_CONTROL = '/usr/sbin/nsd-control';

function nsdConfig({ dir, ports, options, zones }: EngineSetup): string {
  const { primary, tsig } = options;
  const keyName = tsig ? tsig.name : 'NOKEY';
  const lines = [
    'server:',
    '    ip-address: 127.0.0.1',
    `    port: ${ports[0]}`,
    '    do-ip6: no',
    // Stay the user that started it; no chroot, everything in the temporary directory.
    '    username: ""',
    '    chroot: ""',
    `    zonesdir: "${dir}"`,
    `    pidfile: "${dir}/nsd.pid"`,
    `    logfile: "${dir}/nsd.log"`,
    `    xfrdfile: "${dir}/xfrd.state"`,
    `    xfrdir: "${dir}"`,
    `    zonelistfile: "${dir}/zone.list"`,
    '    database: ""',
    '    server-count: 1',
    '    verbosity: 2',
    '    xfrd-reload-timeout: 0',
    'remote-control:',
    '    control-enable: yes',
    `    control-interface: "${dir}/nsd.sock"`,
  ];
  if (tsig) {
    lines.push('key:', `    name: "${tsig.name}"`, `    algorithm: ${tsig.algorithm}`);
    lines.push(`    secret: "${tsig.secret}"`);
  }
  // One pattern for everything from the primary, as docs/secondaries.md shows it.
  lines.push(
    'pattern:',
    '    name: "primary"',
    `    allow-notify: ${primary.host} ${keyName}`,
    `    request-xfr: ${primary.host}@${primary.port} ${keyName}`,
    '    zonefile: "zones/%s.zone"',
    // Short timers so that a missed NOTIFY is recovered within seconds.
    '    min-refresh-time: 2',
    '    max-refresh-time: 10',
    '    min-retry-time: 1',
    '    max-retry-time: 5',
  );
  for (const zone of zones) {
    lines.push('zone:', `    name: "${absolute(zone)}"`, '    include-pattern: "primary"');
  }
  return `${lines.join('\n')}\n`;
}

export const nsdEngine: Engine = {
  kind: 'nsd',
  binary: NSD,
  debianPackage: 'nsd',
  writeConfig(setup) {
    fs.mkdirSync(path.join(setup.dir, 'zones'), { recursive: true });
    writeFile(setup.dir, 'nsd.conf', nsdConfig(setup));
  },
  args: ({ dir }) => ['-d', '-c', path.join(dir, 'nsd.conf')],
  logFile: (dir) => path.join(dir, 'nsd.log'),
  async reconfigure({ dir }) {
    await run(NSD_CONTROL, ['-c', path.join(dir, 'nsd.conf'), 'reconfig']);
  },
  // NSD 4.6 logs a transfer's serial and key, not whether it was IXFR or AXFR.
  transfers: () => null,
  tsigRefused: /xfrd: zone \S+, from \S+: (tsig error|bad tsig signature)/,
};
