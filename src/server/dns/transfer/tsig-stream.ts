// Multi-message answers (AXFR, IXFR) under TSIG, RFC 8945 5.3.1: the first message is signed as a
// single answer (request MAC, message, all TSIG variables); each later one covers the previous
// MAC, the messages since it and only the timers. We sign every message; the verifier also takes
// the unsigned messages the RFC allows in between (at most 99 in a row).
import {
  algorithmWire,
  checkAnswerRecord,
  hmac,
  keyNameWire,
  macPrefix,
  nowSeconds,
  signMessage,
  TSIG_FUDGE,
  tsigTimers,
  tsigVariables,
  unsignedPart,
  type TsigAnswerCheck,
  type TsigVerifyOptions,
} from './tsig-digest';
import type { TsigKey } from './tsig-keys';
import { appendTsig, locateTsig } from './tsig-wire';

/** Signs the messages of one answer in order; one instance per transfer. */
export class TsigResponseSigner {
  private previousMac: Buffer | null = null;

  constructor(
    private readonly key: TsigKey,
    private readonly requestMac: Buffer,
    private readonly clock: () => number = nowSeconds,
  ) {}

  /** `msg` (a complete message, ID set) with its TSIG appended. */
  sign(msg: Buffer): Buffer {
    const timeSigned = this.clock();
    if (!this.previousMac) {
      const first = signMessage(msg, { key: this.key, requestMac: this.requestMac, timeSigned });
      this.previousMac = first.mac;
      return first.message;
    }
    const timers = tsigTimers(timeSigned, TSIG_FUDGE);
    const mac = hmac(this.key, [macPrefix(this.previousMac), msg, timers]);
    this.previousMac = mac;
    return appendTsig(msg, {
      ownerWire: keyNameWire(this.key),
      algorithmWire: algorithmWire(this.key),
      timeSigned,
      fudge: TSIG_FUDGE,
      mac,
      originalId: msg.readUInt16BE(0),
      error: 0,
      other: Buffer.alloc(0),
    });
  }
}

/** Verifies the messages of a multi-message answer in order (the client's side: tests, tools). */
export class TsigStreamVerifier {
  private previousMac: Buffer | null = null;
  private unsigned: Buffer[] = [];

  constructor(
    private readonly key: TsigKey,
    private readonly requestMac: Buffer,
    private readonly options: TsigVerifyOptions = {},
  ) {}

  /** Checks the next message; an unsigned one is held until the next signed one covers it. */
  next(msg: Buffer): TsigAnswerCheck | { ok: true; pending: number } {
    const located = locateTsig(msg);
    if (located.kind === 'malformed') return { ok: false, reason: located.reason, record: null };
    if (located.kind === 'none') {
      if (!this.previousMac) {
        return { ok: false, reason: 'the first message is not signed', record: null };
      }
      if (this.unsigned.length >= 99) {
        return { ok: false, reason: '100 messages in a row without a TSIG', record: null };
      }
      this.unsigned.push(msg);
      return { ok: true, pending: this.unsigned.length };
    }
    const rec = located.record;
    const parts = this.previousMac
      ? [
          macPrefix(this.previousMac),
          ...this.unsigned,
          unsignedPart(msg, rec),
          tsigTimers(rec.timeSigned, rec.fudge),
        ]
      : [macPrefix(this.requestMac), unsignedPart(msg, rec), tsigVariables(rec)];
    const result = checkAnswerRecord(this.key, rec, parts, this.options);
    if (result.ok) {
      this.previousMac = result.mac;
      this.unsigned = [];
    }
    return result;
  }

  /** True when the answer so far ends on a signed message (RFC 8945 5.3.1: the last must be). */
  get complete(): boolean {
    return this.previousMac !== null && this.unsigned.length === 0;
  }
}
