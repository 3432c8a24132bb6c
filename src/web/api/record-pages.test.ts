// Loading every record: the paging followed to the end, later pages in parallel and taken as
// they come, nothing lost when rows shift by one between pages, nothing doubled.
import { afterEach, describe, expect, it } from 'vitest';
import { answerFetch } from '../test/render';
import { testRecord as rec } from '../test/records';
import { addRecords, allRecords, emptyRecordList, type RecordList } from './record-list';
import { PAGES_IN_FLIGHT, recordPages } from './record-pages';
import { session } from './session';

/** Every page of the stream, folded into a list as the page does. */
async function readAll(zoneId: string): Promise<{ list: RecordList; pages: number }> {
  let list = emptyRecordList();
  let pages = 0;
  for await (const p of recordPages(zoneId)) {
    pages++;
    list = addRecords(list, p.records, { zoneName: 'example.com', total: p.pagination.total });
  }
  return { list, pages };
}
/** A server holding `total` records; `shift` > 0 mimics a write that moves rows between page requests. */
function server(total: number, shift = 0, onRequest?: () => void) {
  const all = Array.from({ length: total }, (_, i) => rec(i));
  return answerFetch(({ url }) => {
    onRequest?.();
    const q = new URL(url, 'http://x').searchParams;
    const limit = Math.min(Number(q.get('limit')), 1000);
    const offset = Number(q.get('offset'));
    const start = offset >= 500 ? offset + shift : offset;
    const records = all.slice(start, start + limit);
    return {
      status: 200,
      body: {
        status: 'success',
        data: {
          records,
          pagination: {
            total,
            offset,
            limit,
            count: records.length,
            has_more: offset + records.length < total,
          },
        },
      },
    };
  });
}
describe('recordPages', () => {
  afterEach(() => session.signOut());
  const signIn = () => session.signIn({ key: 'zd_test', baseUrl: '', remember: false });

  it.each([
    [0, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [5000, 6],
    [12345, 13],
  ])('reads %i records in %i requests', async (total, requests) => {
    signIn();
    const fetch = server(total);
    const { list, pages } = await readAll('zone_x');
    expect(allRecords(list).map((r) => r.id)).toEqual(
      Array.from({ length: total }, (_, i) => `rec_${i}`),
    );
    expect(list.count).toBe(total);
    expect(fetch).toHaveBeenCalledTimes(requests);
    expect(pages).toBe(requests);
  });

  it('loses nothing when rows shift by one from page to page', async () => {
    signIn();
    server(5000, 1);
    const { list } = await readAll('zone_x');
    expect(new Set(allRecords(list).map((r) => r.id)).size).toBe(5000);
  });

  it(`keeps at most ${PAGES_IN_FLIGHT} requests in flight`, async () => {
    signIn();
    let open = 0;
    let most = 0;
    server(20_000, 0, () => {
      open++;
      most = Math.max(most, open);
      queueMicrotask(() => open--);
    });
    const { list } = await readAll('zone_x');
    expect(list.count).toBe(20_000);
    expect(most).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
  });
});
