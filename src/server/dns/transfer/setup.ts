// Zone transfers and NOTIFY as the operator configured them, wired to the store's events.
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { ZoneEvents } from '../../events';
import type { Db } from '../../store/db';
import type { ViewStore } from '../view-store';
import { targetName } from './acl';
import { CatalogZone } from './catalog';
import { Notifier } from './notify';
import { Propagation } from './propagation';
import type { Secondaries } from '../../../shared/api/secondaries';
import { ZoneTransfers } from './server';
import { notifySigner, tsigChecker } from './tsig-check';

export interface Transfers {
  transfers: ZoneTransfers;
  catalog: CatalogZone | null;
  /** Where the zone has arrived (each secondary's serial now); undefined: not served. */
  propagation(zoneId: string): Promise<Omit<Secondaries, 'zone_id'> | undefined>;
  /** Sends NOTIFY for the zone now; its serial, or undefined when it is not served. */
  notifyNow(zoneId: string): { serial: number; targets: string[] } | undefined;
  notifier: Notifier;
  /** Where each serial arrived on each secondary (the probes after NOTIFY, the bookkeeping). */
  arrivals: Propagation;
  stop(): void;
}

export function setUpTransfers(
  config: Pick<Config, 'DNS_TRANSFER_ALLOW' | 'DNS_NOTIFY' | 'DNS_CATALOG_ZONE' | 'DNS_TSIG_KEYS'>,
  views: ViewStore,
  db: Db,
  events: ZoneEvents,
  log: Logger,
): Transfers {
  const tsig = tsigChecker(config.DNS_TSIG_KEYS);
  const catalog = config.DNS_CATALOG_ZONE ? new CatalogZone(config.DNS_CATALOG_ZONE) : null;
  catalog?.refresh(views);
  const transfers = new ZoneTransfers({
    views,
    catalog,
    db,
    allow: config.DNS_TRANSFER_ALLOW,
    tsig,
    log,
  });
  const notifier = new Notifier(config.DNS_NOTIFY, notifySigner(config.DNS_TSIG_KEYS), log);
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
    if (e.kind !== 'rrsets' && catalog?.refresh(views))
      notifier.notify(catalog.name, catalog.serial);
    if (e.kind === 'deleted') return;
    const view = views.byZoneId(e.zoneId);
    if (view?.active && !view.key) notifier.notify(view.name, e.zone.serial);
  });
  return {
    transfers,
    notifier,
    arrivals,
    catalog,
    async propagation(zoneId) {
      const view = views.byZoneId(zoneId);
      return view ? arrivals.of(view) : undefined;
    },
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
      unsubscribe();
      arrivals.stop();
      notifier.stop();
    },
  };
}
