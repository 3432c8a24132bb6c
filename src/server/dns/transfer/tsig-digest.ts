// What a TSIG MAC covers (RFC 8945 4.3): the pieces fed to the HMAC, byte for byte, and the MAC
// checks shared by the server side (requests) and the client side (answers).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TSIG_ALGORITHMS, type TsigKey } from './tsig-keys';
import { appendTsig, CLASS_ANY, nameToWire, type TsigRecord } from './tsig-wire';

/** The fudge we sign with, and the widest we accept whatever a peer asks for (RFC 8945 5.2.3). */
export const TSIG_FUDGE = 300;

export const TSIG_ERROR = { BADSIG: 16, BADKEY: 17, BADTIME: 18, BADTRUNC: 22 } as const;
export type TsigErrorCode = (typeof TSIG_ERROR)[keyof typeof TSIG_ERROR];
export const TSIG_ERROR_NAME: Readonly<Record<number, string>> = {
  16: 'BADSIG',
  17: 'BADKEY',
  18: 'BADTIME',
  22: 'BADTRUNC',
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

export const u48 = (n: number): Buffer => {
  const b = Buffer.alloc(6);
  b.writeUIntBE(n, 0, 6);
  return b;
};

export const algorithmWire = (key: TsigKey): Buffer => nameToWire(`${key.algorithm}.`);
export const keyNameWire = (key: TsigKey): Buffer => nameToWire(key.name);

/** A MAC as it enters a later digest: its length, then its octets (RFC 8945 4.3.1, 5.3.1). */
export const macPrefix = (mac: Buffer): Buffer => Buffer.concat([u16(mac.length), mac]);

/** The TSIG variables (RFC 8945 4.3.3), canonical wire form. */
export function tsigVariables(v: {
  ownerWire: Buffer;
  algorithmWire: Buffer;
  timeSigned: number;
  fudge: number;
  error: number;
  other: Buffer;
}): Buffer {
  const classTtl = Buffer.alloc(6);
  classTtl.writeUInt16BE(CLASS_ANY, 0); // TTL 0 follows
  return Buffer.concat([
    v.ownerWire,
    classTtl,
    v.algorithmWire,
    u48(v.timeSigned),
    u16(v.fudge),
    u16(v.error),
    u16(v.other.length),
    v.other,
  ]);
}

/** Only the timers: what follows each later message of a multi-message answer (5.3.1). */
export const tsigTimers = (timeSigned: number, fudge: number): Buffer =>
  Buffer.concat([u48(timeSigned), u16(fudge)]);

/** The message as signed: up to the TSIG record, the original ID, ARCOUNT without the TSIG. */
export function unsignedPart(msg: Buffer, record: TsigRecord): Buffer {
  const out = Buffer.from(msg.subarray(0, record.start));
  out.writeUInt16BE(record.originalId, 0);
  out.writeUInt16BE(out.readUInt16BE(10) - 1, 10);
  return out;
}

export function hmac(key: TsigKey, parts: Buffer[]): Buffer {
  const h = createHmac(TSIG_ALGORITHMS[key.algorithm].hash, key.secret);
  for (const p of parts) h.update(p);
  return h.digest();
}

export type MacCheck = 'ok' | 'formerr' | 'badsig' | 'badtrunc';

/**
 * Checks a received MAC against the digest of `parts` (RFC 8945 5.2.2, 5.2.2.1): longer than the
 * hash, or shorter than both 10 octets and half the hash, is FORMERR; a truncated MAC is compared
 * on its length only (in constant time), and if it verifies but is shorter than `minLength`
 * (local policy) it is BADTRUNC, which the caller reports after the time check.
 */
export function checkMac(key: TsigKey, mac: Buffer, parts: Buffer[], minLength: number): MacCheck {
  const full = TSIG_ALGORITHMS[key.algorithm].macLength;
  if (mac.length > full || mac.length < Math.max(10, Math.ceil(full / 2))) return 'formerr';
  const expected = hmac(key, parts).subarray(0, mac.length);
  if (!timingSafeEqual(expected, mac)) return 'badsig';
  return mac.length < Math.min(minLength, full) ? 'badtrunc' : 'ok';
}

/** Within the time window: the peer's fudge, but never wider than ours. */
export function timeOk(record: TsigRecord, now: number): boolean {
  const window = Math.min(record.fudge, TSIG_FUDGE);
  return Math.abs(now - record.timeSigned) <= window;
}

export interface TsigVerifyOptions {
  /** Unix seconds; the clock by default. */
  now?: number;
  /**
   * Local truncation policy: the shortest MAC accepted (RFC 8945 5.2.2.1). By default the full
   * MAC, as BIND does for a key configured without a digest length: a shorter one that the RFC
   * allows verifies but is answered BADTRUNC.
   */
  minMacLength?: number;
}

export type TsigAnswerCheck =
  | { ok: true; mac: Buffer; record: TsigRecord }
  | { ok: false; reason: string; record: TsigRecord | null };

export interface SignParams {
  key: TsigKey;
  /** The request's MAC, or null when signing a request. */
  requestMac: Buffer | null;
  timeSigned: number;
  error?: number;
  other?: Buffer;
}

/** Appends a TSIG made over the whole `msg`; also returns its MAC, which the next message chains. */
export function signMessage(msg: Buffer, p: SignParams): { message: Buffer; mac: Buffer } {
  const fields = {
    ownerWire: keyNameWire(p.key),
    algorithmWire: algorithmWire(p.key),
    timeSigned: p.timeSigned,
    fudge: TSIG_FUDGE,
    error: p.error ?? 0,
    other: p.other ?? Buffer.alloc(0),
  };
  const prefix = p.requestMac ? [macPrefix(p.requestMac)] : [];
  const mac = hmac(p.key, [...prefix, msg, tsigVariables(fields)]);
  const message = appendTsig(msg, { ...fields, mac, originalId: msg.readUInt16BE(0) });
  return { message, mac };
}

/** Shared by single answers and each message of a multi-message answer. */
export function checkAnswerRecord(
  key: TsigKey,
  rec: TsigRecord,
  parts: Buffer[],
  options: TsigVerifyOptions,
): TsigAnswerCheck {
  const fail = (reason: string): TsigAnswerCheck => ({ ok: false, reason, record: rec });
  if (!keyNameWire(key).equals(rec.ownerWire) || !algorithmWire(key).equals(rec.algorithmWire)) {
    return fail(
      `signed with ${wireToText(rec.ownerWire)} (${wireToText(rec.algorithmWire)}), not ${key.name}`,
    );
  }
  if (rec.error !== 0 && rec.mac.length === 0) {
    return fail(`the peer answered ${TSIG_ERROR_NAME[rec.error] ?? `TSIG error ${rec.error}`}`);
  }
  const full = TSIG_ALGORITHMS[key.algorithm].macLength;
  const mac = checkMac(key, rec.mac, parts, options.minMacLength ?? full);
  if (mac === 'formerr') return fail(`a MAC of ${rec.mac.length} octets`);
  if (mac === 'badsig') return fail('the MAC does not verify');
  if (!timeOk(rec, options.now ?? nowSeconds()))
    return fail(`signed at ${rec.timeSigned}: outside the fudge`);
  if (mac === 'badtrunc') return fail(`MAC truncated to ${rec.mac.length} octets`);
  if (rec.error !== 0)
    return fail(`the peer answered ${TSIG_ERROR_NAME[rec.error] ?? `TSIG error ${rec.error}`}`);
  return { ok: true, mac: rec.mac, record: rec };
}

/** `\x08transfer\x07example\x00` → `transfer.example.` (for messages and key lookup). */
export function wireToText(wire: Buffer): string {
  const labels: string[] = [];
  for (let at = 0; at < wire.length && wire[at]! > 0; at += wire[at]! + 1) {
    labels.push(wire.toString('latin1', at + 1, at + 1 + wire[at]!));
  }
  return `${labels.join('.')}.`;
}
