// TSIG as the DNS server applies it: a request's check turned into what to answer, and the
// signing of what we send (every message of a transfer, a NOTIFY and its answer's check).
import type { NotifySigner } from './notify';
import type { TsigCheck } from './server';
import {
  signRequest,
  tsigErrorResponse,
  TsigResponseSigner,
  verifyRequest,
  verifyResponse,
  type TsigKeyring,
} from './tsig';

/** Checks the TSIG of a request (none: `none`); `answer` null on `failed` means FORMERR. */
export function tsigChecker(keys: TsigKeyring): (msg: Buffer) => TsigCheck {
  // Without keys, TSIG is not in use: every EDNS query (one additional record) would otherwise
  // be searched for a TSIG record, on the server's hottest path, for nothing.
  if (keys.size === 0) return () => ({ kind: 'none' });
  return (msg) => {
    const v = verifyRequest(msg, keys);
    switch (v.kind) {
      case 'unsigned':
        return { kind: 'none' };
      case 'ok': {
        const signer = new TsigResponseSigner(v.key, v.requestMac);
        return {
          kind: 'ok',
          key: v.key.name,
          sign: (messages) => messages.map((m) => signer.sign(m)),
        };
      }
      case 'error':
        return { kind: 'failed', answer: tsigErrorResponse(msg, v), why: v.reason };
      case 'formerr':
        return { kind: 'failed', answer: null, why: v.reason };
    }
  };
}

export function notifySigner(keys: TsigKeyring): NotifySigner {
  return (msg, keyName) => {
    const key = keys.get(keyName);
    if (!key) return null;
    const signed = signRequest(msg, key);
    return { msg: signed.message, check: (reply) => verifyResponse(reply, key, signed.mac).ok };
  };
}
