// Token buckets for the API's rate limits: one per API key, and one per source address for
// requests that fail authentication (a key-guessing flood must not be free either).
import type { Context } from 'hono';
import type { Config } from '../config';
import type { Metrics } from '../metrics';
import { errorJson } from './errors';

/** What a request may do: go on, or wait this many seconds (fractional). */
export type Take = { ok: true; remaining: number } | { ok: false; waitSeconds: number };

/** Beyond this many buckets the oldest are dropped (a reset bucket is full: the client gains a burst, no more). */
const MAX_BUCKETS = 100_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    readonly rate: number,
    readonly burst: number,
    private readonly now: () => number = () => performance.now() / 1000,
  ) {}

  get size() {
    return this.buckets.size;
  }

  /** The bucket's tokens now, without taking one (a full bucket when there is none). */
  peek(key: string): number {
    const b = this.buckets.get(key);
    return b ? Math.min(this.burst, b.tokens + (this.now() - b.at) * this.rate) : this.burst;
  }

  /** Seconds until the bucket holds a whole token again; 0 when it holds one now. */
  wait(key: string): number {
    const tokens = this.peek(key);
    return tokens < 1 ? (1 - tokens) / this.rate : 0;
  }

  take(key: string): Take {
    const now = this.now();
    this.sweep(now);
    const tokens = this.peek(key);
    if (tokens < 1) return { ok: false, waitSeconds: (1 - tokens) / this.rate };
    // Re-inserted so that the map's order is least recently used first, for the cap below.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    return { ok: true, remaining: Math.floor(tokens - 1) };
  }

  /** Seconds until the bucket is full again (what `RateLimit-Reset` announces). */
  secondsToFull(key: string): number {
    return (this.burst - this.peek(key)) / this.rate;
  }

  /** A bucket that has refilled is the same as no bucket: forget it, at most once a second. */
  private sweep(now: number) {
    if (now - this.lastSweep < 1) return;
    this.lastSweep = now;
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.rate >= this.burst) this.buckets.delete(key);
    }
  }
}

/**
 * The bucket of a source address: IPv4 by address, IPv6 by its /64 (one host usually holds a
 * whole /64, so per address would hand out a fresh bucket per request).
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}

export interface RateLimits {
  /** Per API key; null when API_RATE_LIMIT is 0. */
  keys: TokenBuckets | null;
  /** Per source address, for requests that fail authentication; null when off. */
  failures: TokenBuckets | null;
  metrics: Metrics;
}

export function createRateLimits(config: Config, metrics: Metrics): RateLimits {
  const buckets = (rate: number, burst: number) =>
    rate > 0 ? new TokenBuckets(rate, burst) : null;
  return {
    keys: buckets(config.API_RATE_LIMIT, config.API_RATE_BURST),
    failures: buckets(config.API_AUTH_FAILURE_RATE, config.API_AUTH_FAILURE_BURST),
    metrics,
  };
}

/** The common RateLimit headers (IETF draft, as most APIs send them) on an answer that passed. */
export function rateLimitHeaders(
  c: Context,
  buckets: TokenBuckets,
  key: string,
  remaining: number,
) {
  c.header('RateLimit-Limit', String(buckets.burst));
  c.header('RateLimit-Remaining', String(remaining));
  c.header('RateLimit-Reset', String(Math.ceil(buckets.secondsToFull(key))));
}

/** `429 rate_limited`, saying how long to wait, in the body and in `Retry-After`. */
export function tooManyRequests(
  c: Context,
  limits: RateLimits,
  buckets: TokenBuckets,
  waitSeconds: number,
  who: 'key' | 'address',
) {
  limits.metrics.httpRateLimited.inc();
  const retryAfter = Math.max(1, Math.ceil(waitSeconds));
  c.header('Retry-After', String(retryAfter));
  c.header('RateLimit-Limit', String(buckets.burst));
  c.header('RateLimit-Remaining', '0');
  c.header('RateLimit-Reset', String(retryAfter));
  const message =
    who === 'key'
      ? `Too many requests with this API key: the limit is ${buckets.rate} per second (bursts of up to ${buckets.burst}); wait ${retryAfter} s (Retry-After) and send fewer requests at once.`
      : `Too many requests with a missing, malformed or unknown API key from your address; wait ${retryAfter} s (Retry-After) and check the key you send.`;
  return errorJson(c, 429, 'rate_limited', message, {
    limit: buckets.rate,
    burst: buckets.burst,
    retry_after: retryAfter,
  });
}
