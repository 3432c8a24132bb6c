// The route and the If-Match of each record write (ADR 0028): the version of what the user saw,
// computed from the list as the service computes it, or the one a conflict reported.
import { afterEach, describe, expect, it } from 'vitest';
import { recordVersion, rrsetVersion } from '../../shared/api/versions';
import { testRecord } from '../test/records';
import { answerFetch } from '../test/render';
import type { RecordChange } from './record-change';
import { sendRecordChange } from './record-routes';
import { session } from './session';

const www = testRecord(0, { comment: 'web' });
const other = testRecord(0, { id: 'rec_0b', content: '192.0.2.2', comment: 'web' });
const input = { ...www, content: '192.0.2.9', ttl: 300 };

async function sent(change: RecordChange) {
  session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
  const fetch = answerFetch(({ method }) => ({
    status: 200,
    body: {
      status: 'success',
      data: method === 'DELETE' ? { message: 'Deleted' } : { message: 'Updated', record: www },
    },
  }));
  await sendRecordChange('zone_1', change);
  const [url, init] = fetch.mock.calls[0]!;
  const u = new URL(String(url), 'http://x');
  return {
    route: `${init?.method} ${decodeURIComponent(u.pathname)}${u.search ? decodeURIComponent(u.search) : ''}`,
    ifMatch: new Headers(init?.headers).get('If-Match'),
  };
}

afterEach(() => session.signOut());

describe('sendRecordChange', () => {
  const base = '/v1/zones/zone_1/records';
  it.each<[string, RecordChange, string, string | null]>([
    [
      'an edit of a lone value, by id',
      { kind: 'update', current: www, input, rrsetSize: 1 },
      `PUT ${base}/rec_0`,
      recordVersion(www),
    ],
    [
      'an edit of one of several values, by name with content=',
      { kind: 'update', current: www, input, rrsetSize: 2 },
      `PUT ${base}/by-name/h00000.example.com./A?content=192.0.2.1`,
      recordVersion(www),
    ],
    [
      'a switch',
      { kind: 'toggle', current: www, rrsetSize: 1 },
      `PUT ${base}/rec_0`,
      recordVersion(www),
    ],
    ['a delete', { kind: 'delete', current: www }, `DELETE ${base}/rec_0`, recordVersion(www)],
    [
      "a whole RRset's delete, with the RRset's version",
      { kind: 'delete-rrset', name: www.name, type: 'A', values: [other, www] },
      `DELETE ${base}/by-name/h00000.example.com./A`,
      rrsetVersion([www, other]),
    ],
    [
      'a write over a change the user was shown, with its version',
      { kind: 'update', current: www, input, rrsetSize: 1, version: '"abc"' },
      `PUT ${base}/rec_0`,
      '"abc"',
    ],
  ])('sends %s', async (_what, change, route, ifMatch) => {
    expect(await sent(change)).toEqual({ route, ifMatch });
  });
});
