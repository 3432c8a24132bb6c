// Zone transfers and NOTIFY as the operator configured them, wired to the store's events.
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { ZoneEvents } from '../../events';
import type { Db } from '../../store/db';
import type { ViewStore } from '../view-store';
import { Notifier } from './notify';
import { ZoneTransfers, type TsigCheck } from './server';

export interface Transfers {
  transfers: ZoneTransfers;
  notifier: Notifier;
  stop(): void;
}

export function setUpTransfers(
  config: Pick<Config, 'DNS_TRANSFER_ALLOW' | 'DNS_NOTIFY'>,
  views: ViewStore,
  db: Db,
  events: ZoneEvents,
  log: Logger,
): Transfers {
  const tsig = (): TsigCheck => ({ kind: 'none' });
  const transfers = new ZoneTransfers({ views, db, allow: config.DNS_TRANSFER_ALLOW, tsig, log });
  const notifier = new Notifier(config.DNS_NOTIFY, () => null, log);
  // Subscribed after the view store: by the time a secondary asks, the view holds the change.
  const unsubscribe = events.subscribe((e) => {
    if (e.kind === 'deleted' || !notifier.enabled) return;
    const view = views.byZoneId(e.zoneId);
    if (view?.active && !view.key) notifier.notify(view.name, e.zone.serial);
  });
  return {
    transfers,
    notifier,
    stop() {
      unsubscribe();
      notifier.stop();
    },
  };
}
