// The messages between the main process and its DNS workers (child processes answering UDP on
// the main process's socket). Sent over the IPC channel with `serialization: 'advanced'`, so
// buffers travel as they are.
import type { ZoneEvent } from '../../events';
import type { UsageDelta } from '../usage-counter';

/** What a worker counted in the DNS metrics since it last reported (dns-counters.ts). */
export interface CounterDelta {
  /** Responses sent over UDP, by rcode (16 entries). */
  udp: number[];
  rrlDrop: number;
  rrlSlip: number;
}

export type ToWorker =
  /** The UDP socket to answer on (sent with the message as its handle). */
  | { t: 'socket' }
  /** A store change to apply to the worker's view before acknowledging it. */
  | { t: 'event'; seq: number; event: ZoneEvent }
  /** Report the counts now (a usage read is waiting). */
  | { t: 'collect'; id: number }
  /** Stop answering, report the last counts, exit. */
  | { t: 'stop' };

export type FromWorker =
  /** The view is loaded: the worker can take the socket. */
  | { t: 'loaded' }
  /** Answering on the socket. */
  | { t: 'serving' }
  /** Event `seq` is applied: the next query the worker answers sees it. */
  | { t: 'ack'; seq: number }
  /** Counts since the last report; `id` answers a `collect`. */
  | { t: 'usage'; id?: number; delta: UsageDelta; counters: CounterDelta }
  /** A query only the main process can answer (signed with TSIG, or for the catalog zone). */
  | { t: 'relay'; msg: Buffer; address: string; port: number };
