// Test fixture (no test of its own): a small zone answered by a TSIG-aware responder the way the
// transfer server will answer, so that the real dig and kdig can judge our signatures.
import dnsPacket from 'dns-packet';
import {
  parseTsigKeys,
  signResponse,
  tsigErrorResponse,
  TsigResponseSigner,
  verifyRequest,
  type TsigKey,
  type TsigKeyring,
} from './tsig';
import { nowSeconds } from './tsig-digest';

export const ZONE = 'tsig.test';

const SOA: dnsPacket.Answer = {
  name: ZONE,
  type: 'SOA',
  ttl: 3600,
  data: {
    mname: `ns1.${ZONE}`,
    rname: `hostmaster.${ZONE}`,
    serial: 2026112401,
    refresh: 3600,
    retry: 600,
    expire: 604800,
    minimum: 300,
  },
};

/** The zone's records between the two SOAs of an AXFR. */
export const ZONE_BODY: dnsPacket.Answer[] = [
  { name: ZONE, type: 'NS', ttl: 3600, data: `ns1.${ZONE}` },
  { name: `ns1.${ZONE}`, type: 'A', ttl: 3600, data: '192.0.2.53' },
  { name: `www.${ZONE}`, type: 'A', ttl: 300, data: '192.0.2.80' },
  { name: `www.${ZONE}`, type: 'AAAA', ttl: 300, data: '2001:db8::80' },
  { name: `mail.${ZONE}`, type: 'MX', ttl: 300, data: { preference: 10, exchange: `mx.${ZONE}` } },
  { name: `mx.${ZONE}`, type: 'A', ttl: 300, data: '192.0.2.25' },
  { name: `txt.${ZONE}`, type: 'TXT', ttl: 300, data: 'signed by zonedeck' },
];

/** Records of an AXFR in all: SOA, the body, SOA. */
export const AXFR_RECORDS = ZONE_BODY.length + 2;

export function keyring(spec: string): TsigKeyring {
  const parsed = parseTsigKeys(spec);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.keys;
}

function response(query: dnsPacket.Packet, answers: dnsPacket.Answer[], withQuestion = true) {
  return dnsPacket.encode({
    type: 'response',
    id: query.id ?? 0,
    flags: dnsPacket.AUTHORITATIVE_ANSWER,
    questions: withQuestion ? query.questions : [],
    answers,
  });
}

/** The AXFR in messages of `perMessage` records; the question only in the first (RFC 5936 2.2). */
export function axfrMessages(query: dnsPacket.Packet, perMessage = 3): Buffer[] {
  const all = [SOA, ...ZONE_BODY, SOA];
  const out: Buffer[] = [];
  for (let i = 0; i < all.length; i += perMessage) {
    out.push(response(query, all.slice(i, i + perMessage), i === 0));
  }
  return out;
}

export interface ServeOptions {
  /** Seconds added to our clock (a server whose clock is off). */
  clockOffset?: number;
  /** Sign answers with this key instead of the verified one (a server with the wrong secret). */
  signWith?: TsigKey;
  /** Break the chain of a multi-message answer: every message chains the request MAC. */
  breakChain?: boolean;
  /** Flip a bit inside the MAC of this message of the answer. */
  tamperMessage?: number;
  minMacLength?: number;
}

/** A responder's answer function: verify, then answer SOA or AXFR signed as RFC 8945 says. */
export function serveZone(keys: TsigKeyring, options: ServeOptions = {}) {
  return (query: Buffer): Buffer[] => {
    const now = nowSeconds() + (options.clockOffset ?? 0);
    const verified = verifyRequest(query, keys, { now, minMacLength: options.minMacLength });
    if (verified.kind === 'error') return [tsigErrorResponse(query, verified, now)];
    if (verified.kind === 'formerr') {
      const bad = Buffer.from(query.subarray(0, 12));
      bad[2] = 0x80 | (query[2]! & 0x78);
      bad[3] = 1;
      bad.fill(0, 4, 12);
      return [bad];
    }
    const packet = dnsPacket.decode(query);
    const axfr = packet.questions?.[0]?.type === 'AXFR';
    const messages = axfr ? axfrMessages(packet) : [response(packet, [SOA])];
    if (verified.kind === 'unsigned') return messages;
    const key = options.signWith ?? verified.key;
    const signer = new TsigResponseSigner(key, verified.requestMac, () => now);
    const signed = messages.map((m) =>
      !axfr || options.breakChain ? signResponse(m, key, verified.requestMac, now) : signer.sign(m),
    );
    const tampered = signed[options.tamperMessage ?? -1];
    // The MAC ends 6 octets (original ID, error, other length) before the end of the message.
    if (tampered) tampered[tampered.length - 10]! ^= 0x01;
    return signed;
  };
}
