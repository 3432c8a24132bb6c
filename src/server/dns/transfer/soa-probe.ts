// An SOA query to a secondary (TSIG-signed when its NOTIFY is): the serial it serves now, or
// why there is none (no answer in time, an error rcode, a TSIG failure, no SOA in the answer).
import dgram from 'node:dgram';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import dnsPacket from 'dns-packet';
import type { NotifyTarget } from './acl';
import { notifyMessage } from './notify';
import { signRequest, verifyResponse, type TsigKeyring } from './tsig';

export type Probe =
  | { kind: 'serial'; serial: number }
  | { kind: 'unreachable' }
  | { kind: 'refused'; detail: string };

/** Asks `target` for the SOA of `zone` over UDP, signed with `key` when given. */
export async function probeSerial(
  target: NotifyTarget,
  zone: string,
  keys: TsigKeyring,
  timeoutMs = 1000,
): Promise<Probe> {
  const id = randomInt(0, 0x10000);
  // The NOTIFY message's question is the SOA question; made a plain query (opcode 0, no AA).
  let msg = notifyMessage(id, zone);
  msg[2] = 0;
  const key = target.key ? keys.get(target.key) : undefined;
  let mac: Buffer | null = null;
  if (key) {
    const signed = signRequest(msg, key);
    msg = signed.message;
    mac = signed.mac;
  }
  const socket = dgram.createSocket(net.isIPv6(target.host) ? 'udp6' : 'udp4');
  try {
    const reply = await new Promise<Buffer | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      socket.on('message', (m) => {
        if (m.length < 12 || m.readUInt16BE(0) !== id) return;
        clearTimeout(timer);
        resolve(m);
      });
      socket.on('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
      socket.send(msg, target.port, target.host);
    });
    if (!reply) return { kind: 'unreachable' };
    return readReply(reply, key && mac ? () => verifyResponse(reply, key, mac) : null);
  } finally {
    socket.close();
  }
}

function readReply(reply: Buffer, verify: (() => { ok: boolean; reason?: string }) | null): Probe {
  const rcode = reply[3]! & 0x0f;
  if (verify) {
    const v = verify();
    if (!v.ok) return { kind: 'refused', detail: `TSIG: ${v.reason ?? 'not verified'}` };
  }
  if (rcode !== 0) {
    const name = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED'][rcode];
    return { kind: 'refused', detail: name ?? (rcode === 9 ? 'NOTAUTH' : `RCODE ${rcode}`) };
  }
  try {
    const packet = dnsPacket.decode(reply);
    const soa = packet.answers?.find((a) => a.type === 'SOA');
    const serial = soa && 'data' in soa ? (soa.data as { serial?: unknown }).serial : undefined;
    if (typeof serial === 'number') return { kind: 'serial', serial };
  } catch {
    /* a malformed answer is no serial */
  }
  return { kind: 'refused', detail: 'no SOA in the answer (not serving the zone)' };
}
