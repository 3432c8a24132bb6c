// Who may transfer zones (DNS_TRANSFER_ALLOW) and whom we notify (DNS_NOTIFY): the operator's
// settings read once at start, with messages that name the entry at fault and show the form.
import net from 'node:net';

/** DNS_TRANSFER_ALLOW read: addresses and blocks, and TSIG key names (canonical: lower case, trailing dot). */
export interface TransferAllow {
  addresses: net.BlockList;
  /** The address entries as written, for the log. */
  addressText: string[];
  keys: Set<string>;
}

export interface NotifyTarget {
  host: string;
  port: number;
  /** Canonical TSIG key name to sign the NOTIFY with, if any. */
  key: string | null;
}

/** "192.0.2.1:53", "[2001:db8::1]:53": a target as the operator wrote it, for the API and logs. */
export const targetName = (t: { host: string; port: number }) =>
  `${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}`;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A key name as TSIG compares them: lower case, with its trailing dot. */
export const keyName = (name: string) => `${name.toLowerCase().replace(/\.$/, '')}.`;

const entries = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** "192.0.2.1", "2001:db8::/32", "key:transfer-key" … */
export function parseTransferAllow(text: string): Parsed<TransferAllow> {
  const allow: TransferAllow = { addresses: new net.BlockList(), addressText: [], keys: new Set() };
  for (const entry of entries(text)) {
    if (entry.toLowerCase().startsWith('key:')) {
      const name = entry.slice(4).trim();
      if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/i.test(name)) {
        return bad(`"${entry}": after "key:" comes a TSIG key's name, such as key:transfer-key`);
      }
      allow.keys.add(keyName(name));
      continue;
    }
    const [address = '', bits, ...more] = entry.split('/');
    const family = net.isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || more.length || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      return bad(
        `"${entry}" is neither an address, a CIDR block (192.0.2.0/24, 2001:db8::/32) nor key:<name>`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === max) allow.addresses.addAddress(address, type);
    else allow.addresses.addSubnet(address, prefix, type);
    allow.addressText.push(entry);
  }
  return { ok: true, value: allow };
}

/** "192.0.2.1:53", "[2001:db8::1]:53@transfer-key" … */
export function parseNotifyTargets(text: string): Parsed<NotifyTarget[]> {
  const out: NotifyTarget[] = [];
  for (const entry of entries(text)) {
    const [target = '', key, ...more] = entry.split('@');
    const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/i.exec(target);
    const host = m?.[1] ?? m?.[2] ?? '';
    const port = Number(m?.[3]);
    if (!m || !net.isIP(host) || port < 1 || port > 65535 || more.length || key === '') {
      return bad(
        `"${entry}" is not host:port[@key], such as 192.0.2.1:53, [2001:db8::1]:53 or 192.0.2.1:53@transfer-key (the host is an IP address)`,
      );
    }
    // The form replies come from (2001:db8::1, not 2001:DB8:0::1), or none would be matched.
    const canonical = new net.SocketAddress({
      address: host,
      family: net.isIPv6(host) ? 'ipv6' : 'ipv4',
    }).address;
    out.push({ host: canonical, port, key: key === undefined ? null : keyName(key) });
  }
  return { ok: true, value: out };
}

function bad(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/** Whether a request from `address`, carrying a valid TSIG of `key` (or none), may transfer. */
export function mayTransfer(allow: TransferAllow, address: string, key: string | null): boolean {
  if (key && allow.keys.has(key)) return true;
  const family = net.isIP(address);
  if (!family) return false;
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return allow.addresses.check(mapped, 'ipv4');
  return allow.addresses.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
