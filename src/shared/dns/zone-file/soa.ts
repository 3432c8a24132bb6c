// The SOA's values, read so import can show them; the service keeps its own SOA.

import { absoluteText, decodeName } from './names';
import type { Token } from './tokens';
import { parseTtl } from './ttl';
import type { SoaValues } from './types';

/** The SOA's seven fields, or undefined when they do not parse. */
export function readSoa(tokens: readonly Token[], origin: string): SoaValues | undefined {
  if (tokens.length !== 7 || tokens.some((t) => t.quoted)) return undefined;
  const [mname, rname, ...rest] = tokens.map((t) => t.raw);
  const m = decodeName(absoluteText(mname ?? '', origin));
  const r = decodeName(absoluteText(rname ?? '', origin));
  const serial = /^\d+$/.test(rest[0] ?? '') ? Number(rest[0]) : undefined;
  const timers = rest.slice(1).map(parseTtl);
  const [refresh, retry, expire, minimum] = timers;
  if (!m.ok || !r.ok || serial === undefined || serial > 0xffffffff) return undefined;
  if (
    refresh === undefined ||
    retry === undefined ||
    expire === undefined ||
    minimum === undefined
  ) {
    return undefined;
  }
  return { mname: `${m.name}.`, rname: `${r.name}.`, serial, refresh, retry, expire, minimum };
}
