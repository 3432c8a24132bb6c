// Zone transfers and NOTIFY as the operator configured them, wired to the store's events.
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Store } from '../../store/db';
import { newSerial } from '../../store/zones';
import type { ViewStore } from '../view-store';
import type { ZoneView } from '../zone-view';
import { targetName } from './acl';
import { AliasSerials, watchSerials } from './alias-serials';
import { ChildCutSerials } from './child-cut-serials';
import { CatalogZone } from './catalog';
import { Notifier } from './notify';
import { Propagation } from './propagation';
import type { Secondaries } from '../../../shared/api/secondaries';
import { ZoneTransfers } from './server';
import { notifySigner, tsigChecker } from './tsig-check';
import { needsResigning } from './zone-form';
import { ZoneForms } from './zone-forms';

/** How often signed zones are checked for signatures to refresh (their window is days long). */
const RESIGN_CHECK_MS = 3600_000;

export interface Transfers {
  transfers: ZoneTransfers;
  catalog: CatalogZone | null;
  /** Where the zone has arrived (each secondary's serial now); undefined: not served. */
  propagation(zoneId: string): Promise<Omit<Secondaries, 'zone_id'> | undefined>;
  /** Sends NOTIFY for the zone now; its serial, or undefined when it is not served. */
  notifyNow(zoneId: string): { serial: number; targets: string[] } | undefined;
  notifier: Notifier;
  /** Gives a new serial to every signed zone whose signature window is over (hourly by itself). */
  refreshSignatures(): Promise<void>;
  /** Where each serial arrived on each secondary (the probes after NOTIFY, the bookkeeping). */
  arrivals: Propagation;
  stop(): void;
}

export function setUpTransfers(
  config: Pick<Config, 'DNS_TRANSFER_ALLOW' | 'DNS_NOTIFY' | 'DNS_CATALOG_ZONE' | 'DNS_TSIG_KEYS'>,
  views: ViewStore,
  store: Store,
  log: Logger,
  /** Several nodes: NOTIFY and new serials come from the leader alone (ADR 0021). */
  leader: { readonly isLeader: boolean; whenLeading?(fn: () => void): void } = { isLeader: true },
): Transfers {
  const { db, events } = store;
  const tsig = tsigChecker(config.DNS_TSIG_KEYS);
  const catalog = config.DNS_CATALOG_ZONE ? new CatalogZone(config.DNS_CATALOG_ZONE) : null;
  catalog?.refresh(views);
  const forms = new ZoneForms(views);
  // Forms are made, and signed zones re-signed, only where some secondary can take them.
  const serving =
    config.DNS_NOTIFY.length > 0 ||
    config.DNS_TRANSFER_ALLOW.addressText.length > 0 ||
    config.DNS_TRANSFER_ALLOW.keys.size > 0;
  const transfers = new ZoneTransfers({
    views,
    catalog,
    db,
    allow: config.DNS_TRANSFER_ALLOW,
    tsig,
    forms,
    log,
  });
  const notifier = new Notifier(config.DNS_NOTIFY, notifySigner(config.DNS_TSIG_KEYS), log);
  /** A signed zone is signed before the NOTIFY, so that the secondary's request finds it ready. */
  const notifyZone = (view: ZoneView, serial: number) => {
    if (!leader.isLeader) return;
    if (!view.key || !serving) return notifier.notify(view.name, serial);
    forms.current(view).then(
      (form) => notifier.notify(view.name, form.serial),
      (err: unknown) => log.error({ err, zone: view.name }, 'signing the transferred zone failed'),
    );
  };
  const arrivals = new Propagation({
    views,
    targets: config.DNS_NOTIFY,
    keys: config.DNS_TSIG_KEYS,
    notifier,
    events,
    db,
  });
  // Subscribed after the view store: by the time a secondary asks, the view holds the change.
  const unsubscribe = events.subscribe((e) => {
    if (e.kind !== 'rrsets' && catalog?.refresh(views) && leader.isLeader)
      notifier.notify(catalog.name, catalog.serial);
    if (e.kind === 'deleted') return forms.drop(e.zoneId);
    const view = views.byZoneId(e.zoneId);
    if (view?.active) notifyZone(view, e.zone.serial);
  });
  // A node taking over from a dead leader tells the secondaries of every zone: changes made
  // between the two leaders were announced by nobody.
  leader.whenLeading?.(() => {
    for (const view of views.zones()) if (view.active) notifyZone(view, view.serial);
  });
  // Signed zones get a new serial once their signature window is over (zone-form.ts), and are
  // signed ahead of the first request.
  let stopped = false;
  const resignDue = async () => {
    for (const view of [...views.zones()]) {
      if (stopped) return;
      if (!view.key || !view.active) continue;
      try {
        if (needsResigning(view.serial)) {
          if (leader.isLeader) await newSerial(store, view.id);
        } else await forms.current(view);
      } catch (err) {
        log.error(
          { err, zone: view.name },
          'refreshing the signatures of a transferred zone failed',
        );
      }
    }
  };
  const watch = (watcher: Parameters<typeof watchSerials>[0], why: string) =>
    serving ? watchSerials(watcher, why, store, events, log, () => leader.isLeader) : () => {};
  // A zone whose ALIAS addresses moved with another zone's change gets a new serial of its own,
  // and so does a zone whose cut of a zone hosted below it changed (ADR 0030).
  const stopAliasSerials = watch(
    (bump) => new AliasSerials(views, bump),
    'an ALIAS target changed',
  );
  const stopChildCutSerials = watch(
    (bump) => new ChildCutSerials(views, bump),
    'a hosted child zone changed',
  );
  const resignTimer = serving ? setInterval(() => void resignDue(), RESIGN_CHECK_MS) : null;
  resignTimer?.unref();
  if (serving) void resignDue();
  return {
    transfers,
    notifier,
    arrivals,
    catalog,
    async propagation(zoneId) {
      const view = views.byZoneId(zoneId);
      return view ? arrivals.of(view) : undefined;
    },
    refreshSignatures: resignDue,
    notifyNow(zoneId) {
      const view = views.byZoneId(zoneId);
      if (!view) return undefined;
      notifier.notify(view.name, view.serial);
      return {
        serial: view.serial,
        targets: config.DNS_NOTIFY.map(targetName),
      };
    },
    stop() {
      stopped = true;
      if (resignTimer) clearInterval(resignTimer);
      stopAliasSerials();
      stopChildCutSerials();
      unsubscribe();
      arrivals.stop();
      notifier.stop();
    },
  };
}
