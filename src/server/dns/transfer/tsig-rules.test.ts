// RFC 8945's rules one by one, on hand-made messages: where the TSIG may stand (5.2), MAC sizes
// (5.2.2.1), what each error answer carries (5.2, 5.3.2), compression in the key name, and the
// client side (a NOTIFY's answer).
import dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import {
  RCODE_NOTAUTH,
  signMessage,
  signRequest,
  signResponse,
  TSIG_ERROR,
  tsigErrorResponse,
  tsigOverhead,
  verifyRequest,
  verifyResponse,
  type TsigFailure,
} from './tsig';
import { algorithmWire, hmac, keyNameWire, tsigVariables } from './tsig-digest';
import { keyring } from './tsig-fixture';
import { appendTsig, locateTsig, nameToWire } from './tsig-wire';

const NOW = 1_790_000_000;
const KEYS = keyring(
  `k.tsig.test:hmac-sha256:${Buffer.alloc(32, 1).toString('base64')},` +
    `big.tsig.test:hmac-sha512:${Buffer.alloc(64, 2).toString('base64')}`,
);
const KEY = KEYS.get('k.tsig.test.')!;
const BIG = KEYS.get('big.tsig.test.')!;

const query = (extra: Partial<dnsPacket.Packet> = {}) =>
  dnsPacket.encode({
    type: 'query',
    id: 4242,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ name: 'tsig.test', type: 'AXFR', class: 'IN' }],
    ...extra,
  });

/** `msg` signed with a MAC cut to `length` octets (valid as far as it goes). */
function truncated(msg: Buffer, key = KEY, length = 16): Buffer {
  const fields = {
    ownerWire: keyNameWire(key),
    algorithmWire: algorithmWire(key),
    timeSigned: NOW,
    fudge: 300,
    error: 0,
    other: Buffer.alloc(0),
  };
  const mac = hmac(key, [msg, tsigVariables(fields)]).subarray(0, length);
  return appendTsig(msg, { ...fields, mac, originalId: msg.readUInt16BE(0) });
}

const verify = (msg: Buffer, minMacLength?: number) =>
  verifyRequest(msg, KEYS, { now: NOW, minMacLength });

describe('where a TSIG may stand (RFC 8945 5.2)', () => {
  const tsigRr = signRequest(query(), KEY, NOW).message.subarray(query().length);
  const withRecords = (answer: number, additional: number, body: Buffer[]) => {
    const h = Buffer.from(query().subarray(0, 12));
    h.writeUInt16BE(answer, 6);
    h.writeUInt16BE(additional, 10);
    return Buffer.concat([h, query().subarray(12), ...body]);
  };
  const opt = Buffer.from([0, 0, 41, 4, 0xd0, 0, 0, 0, 0, 0, 0]);

  it.each([
    ['in the answer section', withRecords(1, 0, [tsigRr])],
    ['before the OPT record', withRecords(0, 2, [tsigRr, opt])],
    ['twice', withRecords(0, 2, [tsigRr, tsigRr])],
    [
      'with bytes after it',
      Buffer.concat([signRequest(query(), KEY, NOW).message, Buffer.from([0])]),
    ],
    ['cut short', signRequest(query(), KEY, NOW).message.subarray(0, -3)],
  ])('%s is FORMERR', (_, msg) => {
    expect(verify(msg).kind).toBe('formerr');
  });

  it('of class IN, or with a TTL, is FORMERR', () => {
    const signed = signRequest(query(), KEY, NOW).message;
    const at = query().length + keyNameWire(KEY).length;
    const inClass = Buffer.from(signed);
    inClass.writeUInt16BE(1, at + 2);
    const withTtl = Buffer.from(signed);
    withTtl.writeUInt32BE(60, at + 4);
    expect(verify(inClass).kind).toBe('formerr');
    expect(verify(withTtl).kind).toBe('formerr');
  });

  it('after an OPT record, last of the additional section, verifies', () => {
    const opt: dnsPacket.OptAnswer = {
      type: 'OPT',
      name: '.',
      udpPayloadSize: 1232,
      extendedRcode: 0,
      ednsVersion: 0,
      flags: 0,
      flag_do: false,
      options: [],
    };
    const msg = query({ additionals: [opt] });
    expect(verify(signRequest(msg, KEY, NOW).message).kind).toBe('ok');
  });

  it('a message without one is unsigned', () => {
    expect(verify(query())).toEqual({ kind: 'unsigned' });
  });

  it('a key name compressed against the question is read through the pointer', () => {
    const keys = keyring(`tsig.test:hmac-sha256:${Buffer.alloc(32, 9).toString('base64')}`);
    const key = keys.get('tsig.test.')!;
    const signed = signRequest(query(), key, NOW).message;
    const owner = nameToWire('tsig.test.');
    const compressed = Buffer.concat([
      signed.subarray(0, query().length),
      Buffer.from([0xc0, 12]),
      signed.subarray(query().length + owner.length),
    ]);
    expect(verifyRequest(compressed, keys, { now: NOW }).kind).toBe('ok');
  });
});

describe('MAC sizes (RFC 8945 5.2.2.1)', () => {
  it.each([
    ['hmac-sha256, 33 octets (longer than the hash)', KEY, 33, 'formerr'],
    ['hmac-sha256, 15 octets (under half the hash)', KEY, 15, 'formerr'],
    ['hmac-sha256, no MAC', KEY, 0, 'formerr'],
    ['hmac-sha512, 31 octets', BIG, 31, 'formerr'],
    ['hmac-sha256, 16 octets (allowed, under our policy)', KEY, 16, 'error'],
    ['hmac-sha512, 32 octets (allowed, under our policy)', BIG, 32, 'error'],
    ['hmac-sha256, 32 octets', KEY, 32, 'ok'],
  ])('%s: %s', (_, key, length, kind) => {
    const msg = query();
    const mac = hmac(key, [msg]);
    const padded = length > mac.length ? Buffer.concat([mac, Buffer.alloc(1)]) : mac;
    const signed =
      length > mac.length
        ? appendTsig(msg, {
            ownerWire: keyNameWire(key),
            algorithmWire: algorithmWire(key),
            timeSigned: NOW,
            fudge: 300,
            mac: padded,
            originalId: 4242,
            error: 0,
            other: Buffer.alloc(0),
          })
        : truncated(msg, key, length);
    const v = verify(signed);
    expect(v.kind).toBe(kind);
    if (v.kind === 'error') expect(v.error).toBe(TSIG_ERROR.BADTRUNC);
  });

  it('a truncated MAC is accepted when the local policy allows it, and chained as received', () => {
    const v = verify(truncated(query(), KEY, 16), 16);
    expect(v.kind).toBe('ok');
    if (v.kind === 'ok') expect(v.requestMac).toHaveLength(16);
  });

  it('a wrong truncated MAC is BADSIG, not BADTRUNC', () => {
    const signed = truncated(query(), KEY, 16);
    signed[signed.length - 7]! ^= 0x80;
    expect(verify(signed)).toMatchObject({ kind: 'error', error: TSIG_ERROR.BADSIG });
  });
});

describe('error answers (RFC 8945 5.2, 5.3.2)', () => {
  const failed = (msg: Buffer, now = NOW) => {
    const v = verifyRequest(msg, KEYS, { now });
    if (v.kind !== 'error') throw new Error(`expected a TSIG error, got ${v.kind}`);
    return v;
  };
  const answerTsig = (request: Buffer, f: TsigFailure) => {
    const answer = tsigErrorResponse(request, f, NOW + 1000);
    const located = locateTsig(answer);
    if (located.kind !== 'found') throw new Error('no TSIG in the error answer');
    return { answer, tsig: located.record };
  };

  it('BADKEY: NOTAUTH, the question kept, an unsigned TSIG with the error', () => {
    const other = keyring(`nobody.tsig.test:hmac-sha256:${Buffer.alloc(32).toString('base64')}`);
    const request = signRequest(query(), other.get('nobody.tsig.test.')!, NOW).message;
    const { answer, tsig } = answerTsig(request, failed(request));
    const decoded = dnsPacket.decode(answer);
    expect(decoded.id).toBe(4242);
    expect(answer[2]! & 0x80).toBe(0x80);
    expect(answer[3]! & 0x0f).toBe(RCODE_NOTAUTH);
    expect(decoded.questions).toEqual([{ name: 'tsig.test', type: 'AXFR', class: 'IN' }]);
    expect(tsig).toMatchObject({ error: TSIG_ERROR.BADKEY, originalId: 4242 });
    expect(tsig.mac).toHaveLength(0);
    expect(tsig.ownerWire).toEqual(nameToWire('nobody.tsig.test.'));
  });

  it('BADSIG is unsigned too', () => {
    const request = signRequest(query(), KEY, NOW).message;
    request[14]! ^= 1; // in the question
    const { tsig } = answerTsig(request, failed(request));
    expect(tsig).toMatchObject({ error: TSIG_ERROR.BADSIG });
    expect(tsig.mac).toHaveLength(0);
  });

  it('BADTIME is signed over the request MAC, keeps its Time Signed, and carries our time', () => {
    const { message: request, mac } = signRequest(query(), KEY, NOW - 301);
    const f = failed(request);
    expect(f.error).toBe(TSIG_ERROR.BADTIME);
    const { answer, tsig } = answerTsig(request, f);
    expect(tsig.timeSigned).toBe(NOW - 301);
    expect(tsig.other.readUIntBE(0, 6)).toBe(NOW + 1000);
    expect(tsig.mac).toHaveLength(32);
    const check = verifyResponse(answer, KEY, mac, { now: NOW - 301 });
    expect(check).toMatchObject({ ok: false, reason: 'the peer answered BADTIME' });
  });
});

describe('the client side: a request we sign (NOTIFY) and its answer', () => {
  const notify = dnsPacket.encode({
    type: 'query',
    id: 7,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | (4 << 11), // opcode NOTIFY
    questions: [{ name: 'tsig.test', type: 'SOA', class: 'IN' }],
  });

  it('a signed answer verifies; unsigned, other key, stale or tampered does not', () => {
    const { mac } = signRequest(notify, KEY, NOW);
    const answer = Buffer.from(notify);
    answer[2]! |= 0x80;
    const signed = signResponse(answer, KEY, mac, NOW);
    expect(verifyResponse(signed, KEY, mac, { now: NOW + 10 }).ok).toBe(true);
    expect(verifyResponse(answer, KEY, mac, { now: NOW })).toMatchObject({
      reason: 'the answer is not signed',
    });
    expect(verifyResponse(signResponse(answer, BIG, mac, NOW), KEY, mac, { now: NOW }).ok).toBe(
      false,
    );
    expect(verifyResponse(signed, KEY, mac, { now: NOW + 301 }).ok).toBe(false);
    expect(verifyResponse(signed, KEY, Buffer.alloc(32), { now: NOW }).ok).toBe(false);
  });

  it('signing adds exactly tsigOverhead(key) octets', () => {
    for (const key of [KEY, BIG]) {
      expect(signRequest(notify, key, NOW).message.length).toBe(notify.length + tsigOverhead(key));
    }
  });

  it('the MAC of a request is over the message and all TSIG variables, no request MAC', () => {
    const { message, mac } = signRequest(notify, KEY, NOW);
    const fields = {
      ownerWire: nameToWire('k.tsig.test.'),
      algorithmWire: nameToWire('hmac-sha256.'),
      timeSigned: NOW,
      fudge: 300,
      error: 0,
      other: Buffer.alloc(0),
    };
    expect(mac).toEqual(hmac(KEY, [notify, tsigVariables(fields)]));
    expect(signMessage(notify, { key: KEY, requestMac: null, timeSigned: NOW }).message).toEqual(
      message,
    );
  });
});
