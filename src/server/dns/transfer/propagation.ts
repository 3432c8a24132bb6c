// Where a zone has arrived: each secondary's serial from an SOA query made now (TSIG-signed
// when its NOTIFY is), compared with ours and with the journal, and the last NOTIFY sent to it.
import dgram from 'node:dgram';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import dnsPacket from 'dns-packet';
import type { SecondaryStatus, Secondaries } from '../../../shared/api/secondaries';
import type { Db } from '../../store/db';
import type { ZoneView } from '../zone-view';
import { targetName, type NotifyTarget } from './acl';
import type { Notifier } from './notify';
import { notifyMessage } from './notify';
import { serialNewer } from './ixfr';
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

/** Changes of the journal after `serial`; null when the journal does not hold it. */
async function changesSince(db: Db, zoneId: string, serial: number): Promise<number | null> {
  const from = await db
    .selectFrom('changes')
    .select('seq')
    .where('zone_id', '=', zoneId)
    .where('serial', '=', serial)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!from) return null;
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('zone_id', '=', zoneId)
    .where('seq', '>', from.seq)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function propagationOf(
  view: ZoneView,
  targets: readonly NotifyTarget[],
  keys: TsigKeyring,
  notifier: Notifier,
  db: Db,
): Promise<Omit<Secondaries, 'zone_id'>> {
  const serial = view.serial;
  const secondaries = await Promise.all(
    targets.map(async (target): Promise<SecondaryStatus> => {
      const probe = await probeSerial(target, view.name, keys);
      const sent = notifier.lastNotify(view.name, target);
      const base = {
        target: targetName(target),
        signed: target.key !== null,
        checked_at: new Date().toISOString(),
        last_notify: sent
          ? { serial: sent.serial, tries: sent.tries, acknowledged_at: sent.acknowledgedAt }
          : null,
      };
      if (probe.kind === 'unreachable') {
        return { ...base, state: 'unreachable', serial: null, behind_changes: null, detail: null };
      }
      if (probe.kind === 'refused') {
        return {
          ...base,
          state: 'refused',
          serial: null,
          behind_changes: null,
          detail: probe.detail,
        };
      }
      const behind = serialNewer(serial, probe.serial);
      return {
        ...base,
        state: behind ? 'behind' : 'in_sync',
        serial: probe.serial,
        behind_changes: behind ? await changesSince(db, view.id, probe.serial) : 0,
        detail: null,
      };
    }),
  );
  const transferable = !view.key && view.active;
  return {
    serial,
    transferable,
    reason: view.key
      ? 'Signed zones are not transferred yet: a secondary cannot sign, and an unsigned copy would fail validation.'
      : view.active
        ? null
        : 'The zone is disabled: it is not served, so it is not transferred.',
    secondaries,
  };
}
