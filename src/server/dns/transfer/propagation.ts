// Where a zone has arrived: each secondary's serial from an SOA query made now, compared with
// ours and with the journal; when each serial arrived there (the ArrivalBook, fed by these
// queries and by the queries after each acknowledged NOTIFY); the last NOTIFY sent to it.
import { sql } from 'kysely';
import type { SecondaryStatus, Secondaries } from '../../../shared/api/secondaries';
import type { ZoneEvents } from '../../events';
import type { Db } from '../../store/db';
import type { ViewStore } from '../view-store';
import type { ZoneView } from '../zone-view';
import { targetName, type NotifyTarget } from './acl';
import { ArrivalBook } from './arrivals';
import { ArrivalWatch } from './arrival-watch';
import { serialNewer } from '../../../shared/dns/serial';
import type { Notifier } from './notify';
import { probeSerial, type Probe } from './soa-probe';
import type { TsigKeyring } from './tsig';

export { probeSerial, type Probe } from './soa-probe';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : iso(ms));

/** RFC 1982 in SQL: the row's serial is newer than `serial`. */
const newerThan = (serial: number) =>
  sql<boolean>`((serial - ${serial}) & 4294967295) between 1 and 2147483647`;

/**
 * Journal changes newer than `serial` (RFC 1982; a serial the journal never recorded, such as a
 * re-signing's, counts no change of its own). Null when the journal does not reach back to it
 * (pruned, or a serial from before the zone's creation): the count would be too small.
 */
export async function changesAfter(db: Db, zoneId: string, serial: number): Promise<number | null> {
  const reaches = await db
    .selectFrom('changes')
    .select('seq')
    .where('zone_id', '=', zoneId)
    .where(sql<boolean>`not ${newerThan(serial)}`)
    .limit(1)
    .executeTakeFirst();
  if (!reaches) return null;
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('zone_id', '=', zoneId)
    .where(newerThan(serial))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the journal's change that produced `serial` was made (ms); null when it has none. */
async function journalTime(db: Db, zoneId: string, serial: number): Promise<number | null> {
  const row = await db
    .selectFrom('changes')
    .select('created_at')
    .where('zone_id', '=', zoneId)
    .where('serial', '=', serial)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Date.parse(row.created_at) : null;
}

export interface PropagationDeps {
  views: ViewStore;
  targets: readonly NotifyTarget[];
  keys: TsigKeyring;
  notifier: Notifier;
  events: ZoneEvents;
  db: Db;
}

export class Propagation {
  readonly book = new ArrivalBook();
  readonly watch: ArrivalWatch;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: PropagationDeps) {
    // Customer zones only: the catalog zone has no page to show its arrivals on.
    const viewOf = (zone: string) => {
      const view = deps.views.findZone(zone);
      return view?.name === zone ? view : undefined;
    };
    this.watch = new ArrivalWatch(
      (target, zone) => probeSerial(target, zone, deps.keys),
      (zone, target, serial, at) => {
        const view = viewOf(zone);
        if (view) this.book.saw(view.id, targetName(target), serial, at);
      },
    );
    deps.notifier.onAcknowledged = (zone, target, serial) => {
      if (viewOf(zone)) this.watch.acknowledged(zone, target, serial);
    };
    this.unsubscribe = deps.events.subscribe((e) => {
      if (e.kind === 'deleted') this.book.forget(e.zoneId);
      else this.book.madeSerial(e.zoneId, e.zone.serial, Date.now());
    });
  }

  /** Asks every secondary now; what each serves, how far behind, and when changes arrived. */
  async of(view: ZoneView): Promise<Omit<Secondaries, 'zone_id'>> {
    const secondaries = await Promise.all(
      this.deps.targets.map(async (target) => {
        const probe = await probeSerial(target, view.name, this.deps.keys);
        return this.statusOf(view, target, probe, Date.now());
      }),
    );
    return {
      serial: view.serial,
      transferable: view.active,
      reason: view.active
        ? null
        : 'The zone is disabled: it is not served, so it is not transferred.',
      secondaries,
    };
  }

  private async statusOf(
    view: ZoneView,
    target: NotifyTarget,
    probe: Probe,
    checkedAt: number,
  ): Promise<SecondaryStatus> {
    const name = targetName(target);
    if (probe.kind === 'serial') this.book.saw(view.id, name, probe.serial, checkedAt);
    const { arrivals, last } = this.book.of(view.id, name);
    const sent = this.deps.notifier.lastNotify(view.name, target);
    // What it serves now, or (unreachable, refused) what it was last seen serving.
    const known = probe.kind === 'serial' ? probe.serial : (last?.serial ?? null);
    const behind = known !== null && serialNewer(view.serial, known);
    return {
      target: name,
      signed: target.key !== null,
      state: probe.kind === 'serial' ? (behind ? 'behind' : 'in_sync') : probe.kind,
      serial: probe.kind === 'serial' ? probe.serial : null,
      behind_changes:
        known === null ? null : behind ? await changesAfter(this.deps.db, view.id, known) : 0,
      detail: probe.kind === 'refused' ? probe.detail : null,
      checked_at: iso(checkedAt),
      last_seen_serial: last?.serial ?? null,
      last_seen_at: isoOrNull(last?.at),
      arrivals: arrivals.map((a) => ({ serial: a.serial, at: iso(a.at) })),
      last_change_arrived_at: last
        ? isoOrNull(this.book.arrivedAt(view.id, name, last.serial))
        : null,
      last_change_made_at: last ? isoOrNull(await this.madeAt(view.id, last.serial)) : null,
      last_notify: sent
        ? { serial: sent.serial, tries: sent.tries, acknowledged_at: sent.acknowledgedAt }
        : null,
    };
  }

  private async madeAt(zoneId: string, serial: number): Promise<number | null> {
    return this.book.madeAt(zoneId, serial) ?? (await journalTime(this.deps.db, zoneId, serial));
  }

  stop(): void {
    this.unsubscribe();
    this.watch.stop();
    this.deps.notifier.onAcknowledged = null;
  }
}
