// Change notifications from the API's writes, for whoever keeps a view of the zones
// (the DNS server's in-memory answers). Emitted after the write has committed.
import { EventEmitter } from 'node:events';

export type ZoneEvent = { kind: 'changed' | 'deleted'; zoneId: string };

export class ZoneEvents {
  private readonly emitter = new EventEmitter();

  emit(event: ZoneEvent): void {
    this.emitter.emit('zone', event);
  }

  subscribe(listener: (event: ZoneEvent) => void): () => void {
    this.emitter.on('zone', listener);
    return () => this.emitter.off('zone', listener);
  }
}
