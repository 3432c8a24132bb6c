// Judges what a DNS server sends back on one TCP connection, as a secondary would: every message
// parses, a zone transfer is whole (AXFR: SOA, every record, SOA; IXFR: the SOA alone, or the
// incremental form ending in the new SOA) for the serial served, and an error carries no records.
// `exchange` is the client: it writes, then reads until the answers are over.
import net from 'node:net';
import dnsPacket from 'dns-packet';

export interface ServedZone {
  serial: number;
  /** Records of a whole AXFR, both SOAs included. */
  records: number;
}

export interface AnswerStream {
  id: number;
  rcode: string;
  qtype: string | undefined;
  /** Answer and authority records over all its messages. */
  records: number;
  messages: number;
}

export interface Verdict {
  streams: AnswerStream[];
  problems: string[];
  /** Octets after the last whole message (a message cut short). */
  leftover: number;
  /** The last answer is a transfer not yet ended: more should follow. */
  midTransfer: boolean;
}

/** dns-packet decodes the rcode as a name; its type definitions leave it out. */
type Decoded = dnsPacket.DecodedPacket & { rcode?: string };

const XFR = new Set(['AXFR', 'IXFR']);
const NO_DATA_RCODES = new Set(['REFUSED', 'NOTAUTH', 'FORMERR', 'NOTIMP']);

interface Transfer {
  zone: string;
  /** The SOA serials seen, in order, with the record count before each. */
  soas: { serial: number; at: number }[];
  count: number;
  incremental: boolean | null;
  closed: boolean;
}

function soaSerial(rr: dnsPacket.Answer): number | null {
  return rr.type === 'SOA' ? (rr.data as { serial: number }).serial : null;
}

export function checkTransferAnswers(bytes: Buffer, served: Map<string, ServedZone>): Verdict {
  const problems: string[] = [];
  const streams: AnswerStream[] = [];
  let xfr: Transfer | null = null;
  let at = 0;
  const finish = () => {
    if (xfr && !xfr.closed)
      problems.push(`a partial transfer of ${xfr.zone}: ${xfr.count} records`);
    xfr = null;
  };
  while (at + 2 <= bytes.length && at + 2 + bytes.readUInt16BE(at) <= bytes.length) {
    const wire = bytes.subarray(at + 2, at + 2 + bytes.readUInt16BE(at));
    at += 2 + wire.length;
    let m: Decoded;
    try {
      m = dnsPacket.decode(wire) as Decoded;
    } catch (err) {
      problems.push(`a message that does not parse: ${(err as Error).message}`);
      finish();
      continue;
    }
    const rcode = m.rcode ?? 'NOERROR';
    if (m.type !== 'response') problems.push('a message without QR');
    const records = [...(m.answers ?? []), ...(m.authorities ?? [])];
    const current = streams.at(-1);
    const continues: boolean =
      xfr !== null && !(xfr as Transfer).closed && current?.id === m.id && rcode === 'NOERROR';
    if (!continues) {
      finish();
      const qtype = m.questions?.[0]?.type;
      streams.push({ id: m.id ?? 0, rcode, qtype, records: 0, messages: 0 });
      if (NO_DATA_RCODES.has(rcode) && records.length) {
        problems.push(`${rcode} with ${records.length} records`);
      }
      if (XFR.has(qtype ?? '') && rcode === 'NOERROR') {
        const zone = m.questions![0]!.name.toLowerCase();
        if (!served.has(zone)) problems.push(`a transfer of ${zone}, a zone not served`);
        xfr = { zone, soas: [], count: 0, incremental: null, closed: false };
      }
    }
    const stream = streams.at(-1)!;
    stream.records += records.length;
    stream.messages++;
    if (xfr) readTransfer(xfr as Transfer, m, records, served, problems);
  }
  const midTransfer = xfr !== null && !(xfr as Transfer).closed;
  if (midTransfer) finish();
  return { streams, problems, leftover: bytes.length - at, midTransfer };
}

function readTransfer(
  t: Transfer,
  m: dnsPacket.DecodedPacket,
  records: dnsPacket.Answer[],
  served: Map<string, ServedZone>,
  problems: string[],
): void {
  const zone = served.get(t.zone);
  const first = t.count === 0;
  for (const rr of records) {
    if (t.closed) {
      problems.push(`records after the end of the transfer of ${t.zone}`);
      return;
    }
    const serial = soaSerial(rr);
    if (t.count === 0 && serial === null)
      problems.push(`a transfer of ${t.zone} not starting with SOA`);
    if (t.count === 0 && zone && serial !== zone.serial) {
      problems.push(`a transfer of ${t.zone} at serial ${serial}, not ${zone.serial}`);
    }
    if (t.count === 1) t.incremental = m.questions?.[0]?.type === 'IXFR' && serial !== null;
    if (serial !== null) t.soas.push({ serial, at: t.count });
    t.count++;
    const latest = t.soas.filter((s) => s.serial === t.soas[0]!.serial).length;
    // AXFR form: the second SOA ends it. Incremental: the new SOA's third showing.
    if (t.count > 1 && serial === t.soas[0]!.serial && latest === (t.incremental ? 3 : 2)) {
      t.closed = true;
      if (!t.incremental && zone && t.count !== zone.records) {
        problems.push(`a transfer of ${t.zone} with ${t.count} records, not ${zone.records}`);
      }
    }
  }
  // IXFR of a client up to date: the SOA alone, in one message.
  if (first && t.count === 1 && m.questions?.[0]?.type === 'IXFR') t.closed = true;
}

export interface Exchange {
  /** What is written, in the chunks it is written in. */
  chunks: Buffer[];
  from: string;
  /** How many answers to wait for (to the cap); otherwise until a moment passes with none. */
  answers?: number;
  /** Half-close after writing (some clients do). */
  fin?: boolean;
}

/** Writes the chunks on one connection and reads until the answers are over. */
export function exchange(
  port: number,
  x: Exchange,
  served: Map<string, ServedZone>,
): Promise<{ bytes: Buffer; closed: boolean }> {
  return new Promise((resolve) => {
    const got: Buffer[] = [];
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect({
      port,
      host: '127.0.0.1',
      localAddress: x.from,
    });
    const done = () => {
      clearTimeout(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ bytes: Buffer.concat(got), closed });
    };
    // Quiet for a moment with no transfer half-sent: the answers are over. A transfer left
    // half-sent is waited for to the cap, and then judged as it is (partial: a failure).
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const v = checkTransferAnswers(Buffer.concat(got), served);
        if (v.midTransfer || v.streams.length < (x.answers ?? 0)) settle();
        else done();
      }, 60);
    };
    const cap = setTimeout(done, 3000);
    socket.on('data', (c: Buffer) => {
      got.push(c);
      settle();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.on('connect', () => {
      void (async () => {
        for (const c of x.chunks) {
          if (socket.destroyed) return;
          socket.write(c);
          await new Promise((r) => setImmediate(r));
        }
        if (x.fin) socket.end();
        settle();
      })();
    });
  });
}
