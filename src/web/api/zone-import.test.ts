import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { importResult } from '../test/import';
import { answerFetch, errorBody } from '../test/render';
import { ApiError } from './api-error';
import { changeKeys } from './changes';
import { recordKeys } from './record-keys';
import { session } from './session';
import { sendImport, settleImport, zoneFileErrorsOf } from './zone-import';
import { zoneKeys } from './zones';

const sent = (fetch: ReturnType<typeof answerFetch>) =>
  fetch.mock.calls.map(([url, init]) => [
    String(url),
    init?.method,
    JSON.parse(String(init?.body)) as unknown,
  ]);

describe('sendImport', () => {
  it('posts the file, the mode and dry_run to the zone’s import route', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    const fetch = answerFetch(() => ({
      status: 200,
      body: { status: 'success', data: importResult() },
    }));
    const result = await sendImport(
      'zone 1',
      { zoneFile: 'www A 192.0.2.1\n', mode: 'merge' },
      true,
    );
    expect(result.rrset_counts.added).toBe(1);
    expect(sent(fetch)).toEqual([
      [
        '/v1/zones/zone%201/import',
        'POST',
        { zone_file: 'www A 192.0.2.1\n', mode: 'merge', dry_run: true },
      ],
    ]);
  });

  it('sends exclude_lines and confirm_large_delete only when the user chose them', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    const fetch = answerFetch(() => ({
      status: 200,
      body: { status: 'success', data: importResult({ dry_run: false, change_id: 'chg_9' }) },
    }));
    await sendImport(
      'z',
      { zoneFile: 'x', mode: 'replace', excludeLines: [3, 7], confirmLargeDelete: true },
      false,
    );
    expect(sent(fetch)[0]?.[2]).toEqual({
      zone_file: 'x',
      mode: 'replace',
      dry_run: false,
      exclude_lines: [3, 7],
      confirm_large_delete: true,
    });
  });

  it('refuses an answer that is not an import result', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    answerFetch(() => ({ status: 200, body: { status: 'success', data: { dry_run: true } } }));
    await expect(sendImport('z', { zoneFile: 'x', mode: 'merge' }, true)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('a 400 zone_file_invalid carries its errors by line', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    const errors = [{ line: 4, message: 'A record content must be an IPv4 address.' }];
    answerFetch(() => ({
      status: 400,
      body: errorBody('zone_file_invalid', 'The zone file has 1 error.', { errors }),
    }));
    const error = await sendImport('z', { zoneFile: 'x', mode: 'merge' }, false).catch(
      (e: unknown) => e,
    );
    expect(zoneFileErrorsOf(error)).toEqual(errors);
  });
});

describe('zoneFileErrorsOf', () => {
  it('is null for other errors, and an empty list when the details are malformed', () => {
    expect(zoneFileErrorsOf(new ApiError(409, 'large_delete_unconfirmed', 'x'))).toBeNull();
    expect(zoneFileErrorsOf(new Error('x'))).toBeNull();
    expect(zoneFileErrorsOf(new ApiError(400, 'zone_file_invalid', 'x', { errors: 'no' }))).toEqual(
      [],
    );
  });
});

describe('settleImport', () => {
  it('marks the records list, the zone and its history old', async () => {
    const qc = new QueryClient();
    const keys = [
      recordKeys.list('z'),
      zoneKeys.detail('z'),
      changeKeys.list('z', { limit: 25, offset: 0 }),
    ];
    for (const k of keys) qc.setQueryData(k, { some: 'data' });
    qc.setQueryData(zoneKeys.detail('other'), { some: 'data' });
    await settleImport(qc, 'z');
    for (const k of keys) expect(qc.getQueryState(k)?.isInvalidated, String(k)).toBe(true);
    expect(qc.getQueryState(zoneKeys.detail('other'))?.isInvalidated).toBe(false);
  });
});
