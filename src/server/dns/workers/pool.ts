// The main process's side of the DNS workers (worker-main.ts): forks them, hands them its UDP
// socket once their view is loaded, forwards every store change and waits until each worker
// has applied it (so a write, once acknowledged, is served by every process), adds their counts
// to its own, answers the queries they hand over, and starts a worker again when one dies.
import { fork, type ChildProcess } from 'node:child_process';
import type dgram from 'node:dgram';
import path from 'node:path';
import type { Logger } from 'pino';
import type { ZoneEvent, ZoneEvents } from '../../events';
import type { DnsCounters } from '../dns-counters';
import type { UsageCounter } from '../usage-counter';
import type { FromWorker, ToWorker } from './protocol';

/** A worker that has not applied a change by then is stopped and started again. */
const ACK_TIMEOUT_MS = 10_000;
/** A usage read waits this long at most for the workers' counts. */
const COLLECT_TIMEOUT_MS = 1_000;
/** Loading a large zone set takes time; a worker not serving by then is a failed start. */
const START_TIMEOUT_MS = 180_000;
const RESTART_DELAY_MS = 1_000;

export interface WorkerPoolDeps {
  udp: dgram.Socket;
  events: ZoneEvents;
  /** Null when counting is off (bench:dns): the workers count nothing either. */
  usage: UsageCounter | null;
  counters: DnsCounters;
  /** Answers a query a worker handed over, on the main process's socket. */
  relay(msg: Buffer, address: string, port: number): void;
  log: Logger;
  /** The environment the workers read their configuration from. */
  env: NodeJS.ProcessEnv;
}

class Worker {
  state: 'loading' | 'serving' | 'gone' = 'loading';
  /** UDP responses the worker has reported sending. */
  answered = 0;
  readonly acks = new Map<number, () => void>();
  readonly collects = new Map<number, () => void>();
  readonly serving: Promise<void>;
  readonly exited: Promise<void>;

  constructor(readonly child: ChildProcess) {
    // 'close': the process has exited and its IPC channel is read to the end (its last counts).
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
    this.serving = new Promise((resolve, reject) => {
      child.on('message', (m: FromWorker) => m.t === 'serving' && resolve());
      void this.exited.then(() => reject(new Error('the DNS worker exited while starting')));
    });
    void this.serving.catch(() => undefined);
  }

  send(m: ToWorker, handle?: dgram.Socket): void {
    if (this.state === 'gone' || !this.child.connected) return;
    this.child.send(m, handle as never, (err) => err && undefined);
  }

  /** Resolves when the worker acknowledges `seq` or is gone. */
  waitAck(seq: number): Promise<void> {
    if (this.state === 'gone') return Promise.resolve();
    return new Promise((resolve) => this.acks.set(seq, resolve));
  }

  gone(): void {
    this.state = 'gone';
    for (const done of this.acks.values()) done();
    for (const done of this.collects.values()) done();
    this.acks.clear();
    this.collects.clear();
  }
}

export class DnsWorkerPool {
  private readonly workers = new Set<Worker>();
  private seq = 0;
  private collectId = 0;
  private stopping = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    /** Worker processes besides the main one. */
    private readonly count: number,
    private readonly deps: WorkerPoolDeps,
  ) {}

  get size(): number {
    return this.workers.size;
  }

  /** The workers running now: pid, whether serving, UDP responses reported sent. */
  list(): { pid: number; serving: boolean; answered: number }[] {
    return [...this.workers].map((w) => ({
      pid: w.child.pid ?? 0,
      serving: w.state === 'serving',
      answered: w.answered,
    }));
  }

  async start(): Promise<void> {
    this.unsubscribe = this.deps.events.subscribe((e) => this.broadcast(e));
    if (this.deps.usage) this.deps.usage.gatherer = () => this.collect();
    const started = Array.from({ length: this.count }, () => this.spawn());
    await Promise.all(started.map((w) => withTimeout(w.serving, START_TIMEOUT_MS)));
  }

  private spawn(): Worker {
    const child = fork(path.join(import.meta.dirname, 'worker-main.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: this.deps.env,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const w = new Worker(child);
    this.workers.add(w);
    child.on('message', (m: FromWorker) => this.onMessage(w, m));
    child.once('exit', (code, signal) => {
      w.gone();
      this.workers.delete(w);
      if (this.stopping) return;
      this.deps.log.error(
        { pid: child.pid, code, signal },
        'a DNS worker exited; starting another',
      );
      setTimeout(() => !this.stopping && this.spawn(), RESTART_DELAY_MS).unref();
    });
    return w;
  }

  private onMessage(w: Worker, m: FromWorker): void {
    switch (m.t) {
      case 'loaded':
        w.send({ t: 'socket' }, this.deps.udp);
        return;
      case 'serving':
        w.state = 'serving';
        return;
      case 'ack':
        w.acks.get(m.seq)?.();
        w.acks.delete(m.seq);
        return;
      case 'usage': {
        this.deps.usage?.absorb(m.delta);
        const c = this.deps.counters;
        m.counters.udp.forEach((n, rcode) => {
          c.udp[rcode]! += n;
          w.answered += n;
        });
        c.rrlDrop += m.counters.rrlDrop;
        c.rrlSlip += m.counters.rrlSlip;
        if (m.id !== undefined) {
          w.collects.get(m.id)?.();
          w.collects.delete(m.id);
        }
        return;
      }
      case 'relay':
        this.deps.relay(Buffer.from(m.msg), m.address, m.port);
        return;
    }
  }

  /** Every worker applies the change before the write that made it is acknowledged. */
  private async broadcast(event: ZoneEvent): Promise<void> {
    const seq = ++this.seq;
    await Promise.all(
      [...this.workers].map(async (w) => {
        const acked = w.waitAck(seq);
        w.send({ t: 'event', seq, event });
        if (
          !(await withTimeout(acked, ACK_TIMEOUT_MS).then(
            () => true,
            () => false,
          ))
        ) {
          this.deps.log.error(
            { pid: w.child.pid, seq },
            'a DNS worker did not apply a change in time; restarting it',
          );
          w.gone();
          w.child.kill('SIGKILL');
        }
      }),
    );
  }

  /** Fetches what every worker counted and has not reported yet. */
  private async collect(): Promise<void> {
    const id = ++this.collectId;
    await Promise.all(
      [...this.workers]
        .filter((w) => w.state === 'serving')
        .map((w) => {
          const reported = new Promise<void>((resolve) => w.collects.set(id, resolve));
          w.send({ t: 'collect', id });
          return withTimeout(reported, COLLECT_TIMEOUT_MS).catch(() => w.collects.delete(id));
        }),
    );
  }

  /** Stops the workers after they report their last counts. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    if (this.deps.usage) this.deps.usage.gatherer = null;
    await Promise.all(
      [...this.workers].map(async (w) => {
        w.send({ t: 'stop' });
        const timer = setTimeout(() => w.child.kill('SIGKILL'), 5_000);
        await w.exited;
        clearTimeout(timer);
      }),
    );
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
