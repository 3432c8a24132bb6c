// TSIG (RFC 8945) for the transfer server, without sockets: verify a request and say what to
// answer when it fails (5.2), sign a single answer (4.3), sign a request we send (NOTIFY) and
// verify its answer. Multi-message answers are in tsig-stream.ts.
import {
  algorithmWire,
  checkAnswerRecord,
  checkMac,
  keyNameWire,
  macPrefix,
  nowSeconds,
  signMessage,
  timeOk,
  TSIG_ERROR,
  TSIG_FUDGE,
  tsigVariables,
  u48,
  unsignedPart,
  wireToText,
  type TsigAnswerCheck,
  type TsigErrorCode,
  type TsigVerifyOptions,
} from './tsig-digest';
import { TSIG_ALGORITHMS, type TsigKey, type TsigKeyring } from './tsig-keys';
import { appendTsig, locateTsig, readName, tsigRecordLength, type TsigRecord } from './tsig-wire';

export { signMessage, TSIG_ERROR, TSIG_ERROR_NAME, TSIG_FUDGE, wireToText } from './tsig-digest';
export type { TsigAnswerCheck, TsigErrorCode, TsigVerifyOptions } from './tsig-digest';
export { canonicalKeyName, parseTsigKeys, tsigKeysSchema } from './tsig-keys';
export type { TsigAlgorithm, TsigKey, TsigKeyring, TsigKeysParse } from './tsig-keys';
export { TsigResponseSigner, TsigStreamVerifier } from './tsig-stream';

export const RCODE_FORMERR = 1;
export const RCODE_NOTAUTH = 9;

/** Octets signing adds to a message: leave this much room when filling a transfer message. */
export function tsigOverhead(key: TsigKey): number {
  return tsigRecordLength(
    keyNameWire(key),
    algorithmWire(key),
    TSIG_ALGORITHMS[key.algorithm].macLength,
  );
}

export type TsigVerification =
  /** No TSIG record: the caller decides by address alone. */
  | { kind: 'unsigned' }
  /** Verified: sign the answer with `key`, chaining `requestMac`. */
  | { kind: 'ok'; key: TsigKey; requestMac: Buffer; timeSigned: number }
  /** Answer with `tsigErrorResponse(request, this)`: NOTAUTH carrying the TSIG error. */
  | TsigFailure
  /** Answer FORMERR without a TSIG (RFC 8945 5.2, 5.2.2.1). */
  | { kind: 'formerr'; reason: string };

export interface TsigFailure {
  kind: 'error';
  error: TsigErrorCode;
  reason: string;
  request: TsigRecord;
  /** BADTIME and BADTRUNC answers are signed (the MAC verified); BADKEY and BADSIG are not. */
  signWith: { key: TsigKey; requestMac: Buffer } | null;
}

function failure(
  error: TsigErrorCode,
  reason: string,
  request: TsigRecord,
  signWith: TsigFailure['signWith'] = null,
): TsigFailure {
  return { kind: 'error', error, reason, request, signWith };
}

/** Verifies the TSIG of a request, in the order of RFC 8945 5.2: key, MAC, time, truncation. */
export function verifyRequest(
  msg: Buffer,
  keys: TsigKeyring,
  options: TsigVerifyOptions = {},
): TsigVerification {
  const located = locateTsig(msg);
  if (located.kind === 'none') return { kind: 'unsigned' };
  if (located.kind === 'malformed') return { kind: 'formerr', reason: located.reason };
  const rec = located.record;
  const keyName = wireToText(rec.ownerWire);
  const key = keys.get(keyName);
  // The wire comparison also rules out a label holding a '.' that reads like two labels.
  if (!key || !keyNameWire(key).equals(rec.ownerWire)) {
    return failure(TSIG_ERROR.BADKEY, `unknown key ${keyName}`, rec);
  }
  if (!algorithmWire(key).equals(rec.algorithmWire)) {
    return failure(
      TSIG_ERROR.BADKEY,
      `key ${keyName} is not ${wireToText(rec.algorithmWire)}`,
      rec,
    );
  }
  const parts = [unsignedPart(msg, rec), tsigVariables(rec)];
  const full = TSIG_ALGORITHMS[key.algorithm].macLength;
  const mac = checkMac(key, rec.mac, parts, options.minMacLength ?? full);
  if (mac === 'formerr') return { kind: 'formerr', reason: `a MAC of ${rec.mac.length} octets` };
  if (mac === 'badsig') return failure(TSIG_ERROR.BADSIG, `bad MAC with key ${keyName}`, rec);
  const signWith = { key, requestMac: rec.mac };
  const now = options.now ?? nowSeconds();
  if (!timeOk(rec, now)) {
    const reason = `signed at ${rec.timeSigned}, ${rec.timeSigned - now} s from our clock`;
    return failure(TSIG_ERROR.BADTIME, reason, rec, signWith);
  }
  if (mac === 'badtrunc') {
    return failure(TSIG_ERROR.BADTRUNC, `MAC truncated to ${rec.mac.length} octets`, rec, signWith);
  }
  return { kind: 'ok', key, requestMac: rec.mac, timeSigned: rec.timeSigned };
}

/** Signs a single answer to a verified request (RFC 8945 4.3: request MAC, message, variables). */
export function signResponse(
  msg: Buffer,
  key: TsigKey,
  requestMac: Buffer,
  now = nowSeconds(),
): Buffer {
  return signMessage(msg, { key, requestMac, timeSigned: now }).message;
}

/** Signs a request we send (a NOTIFY); keep `mac` to verify the answer. */
export function signRequest(msg: Buffer, key: TsigKey, now = nowSeconds()) {
  return signMessage(msg, { key, requestMac: null, timeSigned: now });
}

/**
 * The answer to a request whose TSIG failed: the header and question of the request, RCODE
 * NOTAUTH, and a TSIG carrying the error (RFC 8945 5.3.2). BADKEY and BADSIG are unsigned (MAC
 * size 0); BADTIME is signed, keeps the request's Time Signed and carries our clock in Other Data
 * (5.2.3) so that the client can see the skew; BADTRUNC is signed.
 */
export function tsigErrorResponse(request: Buffer, f: TsigFailure, now = nowSeconds()): Buffer {
  let questionEnd = 12;
  for (let i = 0; i < request.readUInt16BE(4); i++)
    questionEnd = readName(request, questionEnd)!.end + 4;
  const msg = Buffer.from(request.subarray(0, questionEnd));
  msg[2] = 0x80 | (request[2]! & 0x79); // QR; opcode and RD kept
  msg[3] = RCODE_NOTAUTH;
  msg.fill(0, 6, 12);
  if (f.signWith) {
    const badTime = f.error === TSIG_ERROR.BADTIME;
    return signMessage(msg, {
      ...f.signWith,
      timeSigned: badTime ? f.request.timeSigned : now,
      error: f.error,
      other: badTime ? u48(now) : Buffer.alloc(0),
    }).message;
  }
  return appendTsig(msg, {
    ownerWire: f.request.ownerWire,
    algorithmWire: f.request.algorithmWire,
    timeSigned: now,
    fudge: TSIG_FUDGE,
    mac: Buffer.alloc(0),
    originalId: f.request.originalId,
    error: f.error,
    other: Buffer.alloc(0),
  });
}

/** Verifies the answer to a request we signed (`requestMac` from signRequest), e.g. a NOTIFY's. */
export function verifyResponse(
  msg: Buffer,
  key: TsigKey,
  requestMac: Buffer,
  options: TsigVerifyOptions = {},
): TsigAnswerCheck {
  const located = locateTsig(msg);
  if (located.kind === 'none')
    return { ok: false, reason: 'the answer is not signed', record: null };
  if (located.kind === 'malformed') return { ok: false, reason: located.reason, record: null };
  const rec = located.record;
  return checkAnswerRecord(
    key,
    rec,
    [macPrefix(requestMac), unsignedPart(msg, rec), tsigVariables(rec)],
    options,
  );
}
