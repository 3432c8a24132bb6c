// Streaming a zone's records: every page, each as soon as it arrives.
import type { z } from 'zod';
import { apiRequest } from './client';
import { recordsPath } from './record-keys';
import { recordPageParser } from './record-parsers';

export type RecordPage = z.infer<typeof recordPageParser>;

/** The API's largest page. */
export const RECORD_PAGE_SIZE = 1000;
/** Pages requested at once: what a browser sends to one host in parallel over HTTP/1.1. */
export const PAGES_IN_FLIGHT = 6;

/**
 * Every page of the zone's records, each as soon as it arrives: the first tells `total`, then the
 * others are requested, `PAGES_IN_FLIGHT` at a time, and come in the order they are answered.
 * Consecutive pages overlap by one record (offsets step by count - 1) and the list keeps a record
 * once by id: a row that shifts by one between pages (someone else's write while the pages are
 * read) is then never lost.
 */
export async function* recordPages(
  zoneId: string,
  signal?: AbortSignal,
): AsyncGenerator<RecordPage> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const page = (offset: number) =>
    apiRequest(recordsPath(zoneId), {
      query: { limit: RECORD_PAGE_SIZE, offset },
      schema: recordPageParser,
      signal: stop.signal,
    });
  try {
    const first = await page(0);
    yield first;
    if (!first.pagination.has_more || first.pagination.count <= 1) return;
    const step = first.pagination.count - 1;
    const offsets: number[] = [];
    for (let o = step; o < first.pagination.total; o += step) offsets.push(o);

    const inFlight = new Map<number, Promise<[number, RecordPage]>>();
    let next = 0;
    const launch = () => {
      const offset = offsets[next++]!;
      const p = page(offset).then((r): [number, RecordPage] => [offset, r]);
      p.catch(() => {}); // a page that fails is reported when it is awaited
      inFlight.set(offset, p);
    };
    while (next < offsets.length && inFlight.size < PAGES_IN_FLIGHT) launch();
    let last = first;
    while (inFlight.size > 0) {
      const [offset, p] = await Promise.race(inFlight.values());
      inFlight.delete(offset);
      if (next < offsets.length) launch();
      if (offset > last.pagination.offset) last = p;
      yield p;
    }
    // The zone grew while reading: follow has_more from the last page, one page at a time.
    while (last.pagination.has_more && last.pagination.count > 1) {
      last = await page(last.pagination.offset + last.pagination.count - 1);
      yield last;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}
