// 429 from the service (a per-key rate limit): reads go again after Retry-After, a bounded
// number of times; writes never do, so that nothing is sent twice without the user knowing.

/** Two more tries at most, each after a wait of at most 10 s: a page never hangs for long. */
export const MAX_RETRIES = 2;
export const MAX_WAIT_MS = 10_000;
/** Without a usable Retry-After, a second is what a token bucket usually needs. */
const DEFAULT_WAIT_MS = 1_000;

/** Retry-After as milliseconds: delay-seconds or an HTTP date; null when absent or junk. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before sending `method` again after `res`, or null to give up now: not a
 * 429, not a GET, out of tries, or a wait longer than MAX_WAIT_MS (the error says so instead).
 */
export function rateLimitWait(method: string, res: Response, retriesSoFar: number): number | null {
  if (res.status !== 429 || method !== 'GET' || retriesSoFar >= MAX_RETRIES) return null;
  const wait = parseRetryAfter(res.headers.get('Retry-After')) ?? DEFAULT_WAIT_MS;
  return wait > MAX_WAIT_MS ? null : wait;
}

/** Resolves after `ms`, or rejects with the signal's reason when the caller cancels first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
