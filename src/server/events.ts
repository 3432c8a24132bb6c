// Change notifications from the API's writes, for whoever keeps a view of the zones (the DNS
// server's in-memory answers). Emitted after the write has committed; the API awaits the
// listeners before it answers, so that a change is served by the next DNS query.
export type ZoneEvent =
  /** A zone was created, or its status, TTL or DNSSEC state changed. */
  | { kind: 'zone'; zoneId: string }
  /** Records changed: the RRsets named (absolute names with trailing dot) need reloading. */
  | { kind: 'rrsets'; zoneId: string; rrsets: { name: string; type: string }[] }
  | { kind: 'deleted'; zoneId: string };

type Listener = (event: ZoneEvent) => void | Promise<void>;

export class ZoneEvents {
  private readonly listeners = new Set<Listener>();

  async emit(event: ZoneEvent): Promise<void> {
    for (const l of this.listeners) await l(event);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
