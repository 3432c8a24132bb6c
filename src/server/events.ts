// Change notifications from the store's writes, for whoever keeps a view of the zones (the DNS
// server's in-memory answers). Each write function of the store emits its own, after its commit
// (ADR 0010); the writer awaits the listeners, so a change is served by the next DNS query.
import { nextTurn } from './slices';

/** The zone's row after the write, as the SOA and the answers need it. */
export interface ZoneState {
  serial: number;
  ttl: number;
  status: string;
}

/** One value of an RRset as stored after the write. */
export interface StoredValue {
  content: string;
  ttl: number;
  disabled: boolean;
}

/** An RRset a write touched (absolute name with trailing dot) with every value it now holds:
 * none when the write removed the RRset. */
export interface RRsetChange {
  name: string;
  type: string;
  rows: StoredValue[];
}

export type ZoneEvent =
  /** A zone was created, or its status, TTL or DNSSEC state changed. `reload`: its records may
   * have changed in ways no event described (a node catching up past the journal's retention),
   * so read it again whole. */
  | { kind: 'zone'; zoneId: string; zone: ZoneState; reload?: true }
  /** Records changed: the RRsets named now hold exactly the rows given. `changeId` is the
   * journal's change (absent for writes not journaled); `reverts`, the change it reverted. */
  | {
      kind: 'rrsets';
      zoneId: string;
      zone: ZoneState;
      rrsets: RRsetChange[];
      changeId?: string;
      reverts?: string;
    }
  | { kind: 'deleted'; zoneId: string };

type Listener = (event: ZoneEvent) => void | Promise<void>;

/** RRsets in an event above which its listeners are told with a turn of the event loop between. */
const LARGE_EVENT = 1000;

export class ZoneEvents {
  private readonly listeners = new Set<Listener>();

  async emit(event: ZoneEvent): Promise<void> {
    // A large change took long to commit, and each listener takes its time over it (the DNS
    // view applies 20,000 RRsets in a few hundred milliseconds): before each of them the DNS
    // server answers what has arrived.
    const large = event.kind === 'rrsets' && event.rrsets.length >= LARGE_EVENT;
    for (const l of this.listeners) {
      if (large) await nextTurn();
      await l(event);
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
