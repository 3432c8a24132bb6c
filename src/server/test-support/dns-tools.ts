// The real DNS tools against our server, for tests: `dig` for what the server answers, `delv`
// for whether a validating resolver trusts it, with the DS the API shows as the only anchor.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Rr {
  name: string;
  ttl: number;
  type: string;
  data: string;
}

export interface DigAnswer {
  status: string;
  /** The records of the answer and authority sections, flattened. */
  records: Rr[];
  text: string;
}

/** `dig +norec` against port `port` of 127.0.0.1. */
export async function dig(port: number, name: string, type: string, ...options: string[]) {
  const args = ['@127.0.0.1', '-p', String(port), '+norec', '+tries=1', '+time=3', '+split=0'];
  args.push('+noall', '+comments', '+answer', '+authority');
  const { stdout } = await run('/usr/bin/dig', [...args, ...options, name, type]);
  const status = /status: (\w+)/.exec(stdout)?.[1];
  if (!status) throw new Error(`dig gave no answer:\n${stdout}`);
  const records: Rr[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^([^;\s]\S*)\s+(\d+)\s+IN\s+(\S+)\s*(.*)$/.exec(line);
    if (m) records.push({ name: m[1]!, ttl: Number(m[2]), type: m[3]!, data: m[4]!.trim() });
  }
  return { status, records, text: stdout } satisfies DigAnswer;
}

/**
 * `delv` with `ds` (`<keytag> <alg> <digest type> <HEX>`) as the only trust anchor, at `zone`;
 * its whole output (stdout and stderr), which says "; fully validated" or why not.
 */
export async function delv(
  port: number,
  zone: string,
  ds: string,
  name: string,
  type: string,
): Promise<string> {
  const [keytag, algorithm, digestType, digest] = ds.split(' ');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-anchor-'));
  try {
    const file = path.join(dir, 'anchor.conf');
    fs.writeFileSync(
      file,
      `trust-anchors { ${zone}. static-ds ${keytag} ${algorithm} ${digestType} "${digest}"; };\n`,
    );
    const args = ['@127.0.0.1', '-p', String(port), '-a', file, `+root=${zone}`, name, type];
    const r = await run('/usr/bin/delv', args).catch(
      (e: { stdout?: string; stderr?: string; message: string }) => ({
        stdout: e.stdout ?? '',
        stderr: `${e.stderr ?? ''}\n${e.message}`,
      }),
    );
    return `${r.stdout}\n${r.stderr}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface XfrAnswer {
  /** The records in the order received (SOA first and last for a whole transfer). */
  records: Rr[];
  /** Messages the transfer took, from dig's "XFR size" line (0 when it failed). */
  messages: number;
  /** dig's whole output: "; Transfer failed." and the rcode when refused. */
  text: string;
}

/** `dig AXFR` or `dig IXFR=<serial>` over TCP against port `port` of 127.0.0.1. */
export async function digXfr(port: number, zone: string, type: string, ...options: string[]) {
  const args = ['@127.0.0.1', '-p', String(port), '+tries=1', '+time=5', ...options, zone, type];
  const r = await run('/usr/bin/dig', args).catch((e: { stdout?: string; stderr?: string }) => ({
    stdout: `${e.stdout ?? ''}${e.stderr ?? ''}`,
  }));
  const records: Rr[] = [];
  for (const line of r.stdout.split('\n')) {
    const m = /^([^;\s]\S*)\s+(\d+)\s+IN\s+(\S+)\s*(.*)$/.exec(line);
    if (m) records.push({ name: m[1]!, ttl: Number(m[2]), type: m[3]!, data: m[4]!.trim() });
  }
  const messages = Number(/XFR size: \d+ records \(messages (\d+)/.exec(r.stdout)?.[1] ?? 0);
  return { records, messages, text: r.stdout } satisfies XfrAnswer;
}

/**
 * What a parent that reads CDS would do (RFC 7344 4.1), done by BIND's `dnssec-cds`: given the
 * DS it holds (`ds`) and the child's DNSKEY, CDS and CDNSKEY RRsets with their RRSIGs as our
 * server answers them, the DS set it should hold next; it refuses (a non-zero code) when the
 * CDS or CDNSKEY is not signed by a key that DS names. It is shown only the RRset `from`.
 */
export async function parentDsFromCds(
  port: number,
  zone: string,
  ds: string,
  from: 'CDS' | 'CDNSKEY' = 'CDS',
): Promise<{ code: number; out: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-cds-'));
  try {
    let child = '';
    for (const type of ['DNSKEY', from]) {
      const r = await dig(port, zone, type, '+dnssec');
      child += r.records.map((rr) => `${rr.name} ${rr.ttl} IN ${rr.type} ${rr.data}\n`).join('');
    }
    fs.writeFileSync(path.join(dir, 'child'), child);
    fs.writeFileSync(path.join(dir, 'dsset'), `${zone}. 3600 IN DS ${ds}\n`);
    // Signatures are accepted from two days back: ours start a little in the past.
    const args = ['-s', '-172800', '-d', path.join(dir, 'dsset'), '-f', path.join(dir, 'child')];
    const r = await run('/usr/bin/dnssec-cds', [...args, zone]).then(
      (o) => ({ code: 0, out: o.stdout + o.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? 1,
        out: `${e.stdout ?? ''}${e.stderr ?? ''}`,
      }),
    );
    return r;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
