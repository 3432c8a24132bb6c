// Outgoing zone transfers: AXFR (RFC 5936) and IXFR (RFC 1995) to the secondaries the operator
// allows (DNS_TRANSFER_ALLOW: addresses, or a valid TSIG of a listed key). Nobody else gets a
// zone: REFUSED. The zone comes from the DNS server's view, as its transferred form (zone-form.ts:
// signed whole when the zone is signed), so a secondary serves what we serve.
import dnsPacket from 'dns-packet';
import type { Logger } from 'pino';
import type { Db } from '../../store/db';
import { readQname, type Query } from '../query';
import { nameWire } from '../rdata';
import { RCODE } from '../resolve';
import type { ViewStore } from '../view-store';
import type { ZoneView } from '../zone-view';
import { mayTransfer, type TransferAllow } from './acl';
import type { CatalogZone } from './catalog';
import { planIxfr, serialNewer } from './ixfr';
import { errorMessage, transferMessages, type RecordBlock, type TransferQuestion } from './wire';
import type { ZoneForm } from './zone-form';
import type { ZoneForms } from './zone-forms';
import { soaRecord } from './zone-records';

export const AXFR = 252;
export const IXFR = 251;
const NOTAUTH = 9;
const SOA = 6;

/**
 * What the transfer needs of TSIG (RFC 8945): the request's check, and the signing of each
 * message of the answer. `none`: the request carries no TSIG.
 */
export type TsigCheck =
  | { kind: 'none' }
  | { kind: 'ok'; key: string; sign: (messages: Buffer[]) => Buffer[] }
  /** A TSIG that fails: the answer to send (BADKEY, BADSIG, BADTIME as the RFC says; null: FORMERR). */
  | { kind: 'failed'; answer: Buffer | null; why: string };

export interface TransferDeps {
  views: ViewStore;
  catalog: CatalogZone | null;
  db: Db;
  allow: TransferAllow;
  tsig: (msg: Buffer) => TsigCheck;
  /** The transferred forms of the zones (signed whole when the zone is signed). */
  forms: ZoneForms;
  log: Logger;
}

type Done = (result: TransferOutcome['result'], messages: Buffer[], records?: number) => Buffer[];

/** How a transfer ended, for the log and the tests. */
export interface TransferOutcome {
  zone: string;
  type: 'AXFR' | 'IXFR';
  result: 'axfr' | 'ixfr' | 'up_to_date' | 'refused' | 'notauth' | 'formerr' | 'tsig_failed';
  records?: number;
}

export class ZoneTransfers {
  /** The last few outcomes, newest last (tests read them; the log has them all). */
  readonly recent: TransferOutcome[] = [];

  constructor(private readonly deps: TransferDeps) {
    // Compared with Query.wireName, which stops before the root label's zero octet.
    this.catalogWire = deps.catalog
      ? nameWire(deps.catalog.name).subarray(0, -1).toString('latin1')
      : null;
  }

  private readonly catalogWire: string | null;

  /** Whether the question is for the catalog zone (`q.wireName` is the question's wire name). */
  isCatalog(q: Query): boolean {
    return this.catalogWire !== null && q.wireName === this.catalogWire;
  }

  /**
   * A query for the catalog zone from a client allowed to transfer it: its SOA (a secondary's
   * refresh), NODATA for anything else; REFUSED for everyone else (it is not for resolvers).
   */
  catalogAnswer(msg: Buffer, q: Query, client?: { address: string; key: string | null }) {
    const question = { id: q.id, flagsHi: q.flagsHi, question: msg.subarray(12, q.questionEnd) };
    const catalog = this.deps.catalog!;
    if (!client || !mayTransfer(this.deps.allow, client.address, client.key) || q.qclass !== 1)
      return errorMessage(question, RCODE.REFUSED);
    const [answer] = [...transferMessages(question, q.qtype === SOA ? [catalog.soa()] : [])];
    return answer!;
  }

  /** Requests whose TSIG failed (a secondary with the wrong secret shows here first). */
  tsigFailures = 0;

  /** The TSIG check of any request (a secondary signs its SOA queries too). */
  tsig(msg: Buffer): TsigCheck {
    const check = this.deps.tsig(msg);
    if (check.kind === 'failed') this.tsigFailures++;
    return check;
  }

  /** The messages answering a transfer query; never throws (a bug answers SERVFAIL). */
  async answer(msg: Buffer, q: Query, address: string, tcp: boolean): Promise<Buffer[]> {
    const question: TransferQuestion = {
      id: q.id,
      flagsHi: q.flagsHi,
      question: msg.subarray(12, q.questionEnd),
    };
    try {
      return await this.answerUnsafe(msg, q, address, tcp, question);
    } catch (err) {
      this.deps.log.error({ err }, 'zone transfer failed');
      return [errorMessage(question, RCODE.SERVFAIL)];
    }
  }

  private async answerUnsafe(
    msg: Buffer,
    q: Query,
    address: string,
    tcp: boolean,
    question: TransferQuestion,
  ): Promise<Buffer[]> {
    readQname(msg, q);
    const type = q.qtype === AXFR ? 'AXFR' : 'IXFR';
    const tsig = this.tsig(msg);
    const done: Done = (result, messages, records) => {
      this.note(
        { zone: q.qname, type, result, ...(records === undefined ? {} : { records }) },
        address,
      );
      return tsig.kind === 'ok' ? tsig.sign(messages) : messages;
    };
    if (tsig.kind === 'failed') {
      this.note({ zone: q.qname, type, result: 'tsig_failed' }, address, tsig.why);
      return [tsig.answer ?? errorMessage(question, RCODE.FORMERR)];
    }
    const key = tsig.kind === 'ok' ? tsig.key : null;
    const zone = this.deps.views.findZone(q.qname);
    if (!mayTransfer(this.deps.allow, address, key)) {
      return done('refused', [errorMessage(question, RCODE.REFUSED)]);
    }
    const catalog = this.deps.catalog;
    if (catalog && q.qname === catalog.name && q.qclass === 1) {
      if (!tcp) return done('formerr', [errorMessage(question, RCODE.FORMERR)]);
      // Small, and rebuilt whole on every change: always sent whole (IXFR answered by AXFR).
      const soa = catalog.soa();
      const records = [soa, ...catalog.records(), soa];
      if (q.qtype === IXFR && ixfrSerial(msg) === catalog.serial) {
        return done('up_to_date', [...transferMessages(question, [soa])], 1);
      }
      return done('axfr', [...transferMessages(question, records)], records.length);
    }
    if (!zone || zone.name !== q.qname || !zone.active || q.qclass !== 1) {
      return done('notauth', [errorMessage(question, NOTAUTH)]);
    }
    if (q.qtype === AXFR) {
      // RFC 5936 4.2: AXFR is a TCP transfer.
      if (!tcp) return done('formerr', [errorMessage(question, RCODE.FORMERR)]);
      return this.axfr(question, await this.deps.forms.current(zone), done);
    }
    const clientSerial = ixfrSerial(msg);
    if (clientSerial === null) return done('formerr', [errorMessage(question, RCODE.FORMERR)]);
    // A zone with hosted zones below holds their cuts (ADR 0030), which change with no journal
    // entry of its own: only its forms know them.
    if (zone.key || zone.aliases > 0 || zone.hosted?.servedBelow(zone.name))
      return this.ixfrFromForms(question, zone, clientSerial, tcp, done);
    const serial = zone.serial;
    const soa = soaRecord(zone, serial);
    const plan = await planIxfr(this.deps.db, zone, clientSerial, serial);
    if (plan.kind === 'up_to_date' || !tcp) {
      // RFC 1995 2: over UDP, our SOA alone tells the client to come back over TCP.
      return done('up_to_date', [...transferMessages(question, [soa])], 1);
    }
    if (plan.kind === 'axfr') {
      this.deps.log.info(
        { zone: zone.name, from: clientSerial, why: plan.why },
        'IXFR answered as AXFR',
      );
      return this.axfr(question, await this.deps.forms.current(zone), done);
    }
    const records = [soa, soaRecord(zone, clientSerial), ...plan.deleted, soa, ...plan.added, soa];
    return done('ixfr', [...transferMessages(question, records)], records.length);
  }

  /**
   * IXFR of a zone whose transferred form no journal holds (signed: signatures and NSEC chain;
   * ALIAS: addresses from other zones): from the differences between the forms sent before.
   */
  private async ixfrFromForms(
    question: TransferQuestion,
    zone: ZoneView,
    clientSerial: number,
    tcp: boolean,
    done: Done,
  ): Promise<Buffer[]> {
    // RFC 1995 2: over UDP, our SOA alone tells the client to come back over TCP (no signing).
    if (!tcp) return done('up_to_date', [...transferMessages(question, [soaRecord(zone)])], 1);
    const form = await this.deps.forms.current(zone);
    if (!serialNewer(form.serial, clientSerial)) {
      return done('up_to_date', [...transferMessages(question, [form.soa])], 1);
    }
    const chain = this.deps.forms.since(form, clientSerial);
    if (!chain) {
      this.deps.log.info(
        { zone: zone.name, from: clientSerial, why: 'no difference from that serial is kept' },
        'IXFR answered as AXFR',
      );
      return this.axfr(question, form, done);
    }
    const records = [form.soa];
    for (const d of chain) records.push(d.fromSoa, ...d.deleted, d.toSoa, ...d.added);
    records.push(form.soa);
    return done('ixfr', [...transferMessages(question, records)], records.length);
  }

  private axfr(question: TransferQuestion, form: ZoneForm, done: Done): Buffer[] {
    // One form is one consistent version of the zone, whatever changes meanwhile.
    const blocks: RecordBlock[] = [form.soa];
    for (const e of form.entries.values()) if (e.count) blocks.push(e);
    if (form.soaSig) blocks.push(form.soaSig);
    blocks.push(form.soa);
    return done('axfr', [...transferMessages(question, blocks)], form.count + 2);
  }

  private note(o: TransferOutcome, address: string, why?: string) {
    this.recent.push(o);
    if (this.recent.length > 100) this.recent.shift();
    this.deps.log.info({ ...o, client: address, ...(why ? { why } : {}) }, 'zone transfer');
  }
}

/** The client's serial from the SOA in the IXFR query's authority section; null if none. */
function ixfrSerial(msg: Buffer): number | null {
  try {
    const packet = dnsPacket.decode(msg);
    const soa = packet.authorities?.find((a) => a.type === 'SOA');
    const data = soa && 'data' in soa ? (soa.data as { serial?: unknown }) : undefined;
    return typeof data?.serial === 'number' ? data.serial : null;
  } catch {
    return null;
  }
}
