// The client side of TSIG against a real Knot DNS: requests we sign (a query, a NOTIFY, an AXFR
// request) are accepted by knotd, and its signed answers, including every message of a
// multi-message AXFR, verify with our checks; with the wrong secret Knot refuses and we say so.
import { randomBytes } from 'node:crypto';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { udpAsk } from '../../test-support/dns-wire';
import { askTcp, startKnot, type Knot } from '../../test-support/tsig-knot';
import { signRequest, TsigStreamVerifier, verifyResponse } from './tsig';
import { keyring } from './tsig-fixture';

const KEY_NAME = 'knot-key.tsig.test';
const SECRET = randomBytes(32).toString('base64');
const KEY = keyring(`${KEY_NAME}:hmac-sha256:${SECRET}`).get(`${KEY_NAME}.`)!;
const WRONG = keyring(`${KEY_NAME}:hmac-sha256:${randomBytes(32).toString('base64')}`).get(
  `${KEY_NAME}.`,
)!;

let knot: Knot;
beforeAll(async () => {
  knot = await startKnot(KEY_NAME, SECRET);
}, 30_000);
afterAll(() => knot?.stop());

const OPCODE_NOTIFY = 4 << 11;
const message = (id: number, name: string, type: dnsPacket.RecordType, flags = 0) =>
  dnsPacket.encode({ type: 'query', id, flags, questions: [{ name, type, class: 'IN' }] });

const soaCount = (messages: Buffer[]) =>
  messages.reduce(
    (n, m) => n + dnsPacket.decode(m).answers!.filter((a) => a.type === 'SOA').length,
    0,
  );

describe('TSIG with a real Knot DNS (knotd)', () => {
  it('a query we sign is answered signed, and the answer verifies', async () => {
    const { message: signed, mac } = signRequest(message(11, knot.zone, 'SOA'), KEY);
    const answer = await udpAsk(knot.port, signed);
    expect(answer[3]! & 0x0f).toBe(0); // NOERROR
    expect(verifyResponse(answer, KEY, mac)).toMatchObject({ ok: true });
  });

  it('with the wrong secret Knot answers BADSIG, and the check reports it', async () => {
    const { message: signed, mac } = signRequest(message(12, knot.zone, 'SOA'), WRONG);
    const answer = await udpAsk(knot.port, signed);
    expect(verifyResponse(answer, WRONG, mac)).toMatchObject({
      ok: false,
      reason: 'the peer answered BADSIG',
    });
  });

  it('a NOTIFY we sign is acknowledged with a signed answer', async () => {
    const notify = message(
      13,
      knot.secondary,
      'SOA',
      dnsPacket.AUTHORITATIVE_ANSWER | OPCODE_NOTIFY,
    );
    const { message: signed, mac } = signRequest(notify, KEY);
    const answer = await udpAsk(knot.port, signed);
    expect(answer[3]! & 0x0f).toBe(0); // NOERROR
    expect((answer[2]! >> 3) & 0x0f).toBe(4);
    expect(verifyResponse(answer, KEY, mac)).toMatchObject({ ok: true });
    // The same answer does not verify against another request's MAC.
    expect(verifyResponse(answer, KEY, randomBytes(32)).ok).toBe(false);
  });

  it("every message of Knot's multi-message AXFR verifies in order, and fails out of order", async () => {
    const { message: signed, mac } = signRequest(message(14, knot.zone, 'AXFR'), KEY);
    const messages = await askTcp(knot.port, signed, (m) => soaCount(m) >= 2);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    const records = messages.reduce((n, m) => n + dnsPacket.decode(m).answers!.length, 0);
    expect(records).toBe(knot.records + 4); // SOA, NS, A, the TXTs, SOA
    const verifier = new TsigStreamVerifier(KEY, mac);
    for (const m of messages) expect(verifier.next(m)).toMatchObject({ ok: true });
    expect(verifier.complete).toBe(true);

    const reordered = new TsigStreamVerifier(KEY, mac);
    const results = [messages[0]!, messages[2]!, messages[1]!].map((m) => reordered.next(m).ok);
    // The third message is refused after the first; a refused message does not move the chain,
    // so the second, its true successor, still verifies.
    expect(results).toEqual([true, false, true]);
  });
});
