// NOTIFY's acknowledgement as a secondary on real UDP gives it, whatever way the operator wrote
// the secondary's address in DNS_NOTIFY.
import dgram from 'node:dgram';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseNotifyTargets } from './acl';
import { Notifier } from './notify';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

/** A secondary on ::1 that answers every NOTIFY with NOERROR. */
async function secondary(): Promise<number> {
  const s = dgram.createSocket('udp6');
  await new Promise<void>((r) => s.bind(0, '::1', () => r()));
  s.on('message', (m, rinfo) => {
    const reply = Buffer.from(m);
    reply[2] = reply[2]! | 0x80;
    s.send(reply, rinfo.port, rinfo.address);
  });
  cleanup.push(() => s.close());
  return s.address().port;
}

describe('NOTIFY acknowledgement', () => {
  it('is taken from an IPv6 secondary whose address is written with its zeros', async () => {
    const port = await secondary();
    for (const host of ['0:0:0:0:0:0:0:1', '0::1', '::1']) {
      const targets = parseNotifyTargets(`[${host}]:${port}`);
      if (!targets.ok) throw new Error(targets.message);
      const n = new Notifier(targets.value, () => null, pino({ level: 'silent' }));
      cleanup.push(() => n.stop());
      n.notify('ack.test', 1);
      await n.settled(3000);
      const [status] = [...n.status.values()];
      expect(status?.acknowledgedAt, host).not.toBeNull();
      expect(status?.tries, host).toBe(1);
    }
  });
});
