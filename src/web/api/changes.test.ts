// The revert's cache work: a real revert marks the history, the records and the zone for reading
// again; a dry run touches nothing. A conflict's details are read from the ApiError.
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { changeKeys, conflictOf, revertChangeOptions } from './changes';
import { recordKeys } from './record-keys';
import { session } from './session';
import { zoneKeys } from './zones';

const applied = (dryRun: boolean) => ({
  dry_run: dryRun,
  change_id: dryRun ? null : 'chg_2',
  serial: dryRun ? null : 7,
  counts: { added: 0, changed: 1, removed: 0 },
  rrsets: [],
  settings: [],
});

function setup(dryRun: boolean) {
  session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
  vi.stubGlobal('fetch', async () =>
    Response.json({ status: 'success', data: applied(dryRun) }, { status: 200 }),
  );
  const qc = new QueryClient();
  const keys = [
    changeKeys.list('zone_1', { limit: 25, offset: 0 }),
    recordKeys.list('zone_1'),
    zoneKeys.detail('zone_1'),
    zoneKeys.list({ limit: 10, offset: 0 }),
    recordKeys.list('zone_other'),
  ];
  for (const k of keys) qc.setQueryData(k, { held: true });
  const stale = () => keys.map((k) => qc.getQueryState(k)?.isInvalidated);
  return { qc, stale };
}

describe('revertChangeOptions', () => {
  it('a revert marks the history, the records and the zone of that zone, not others', async () => {
    const { qc, stale } = setup(false);
    await new MutationObserver(qc, revertChangeOptions(qc, 'zone_1')).mutate({ changeId: 'chg_1' });
    expect(stale()).toEqual([true, true, true, true, false]);
  });

  it('a dry run marks nothing', async () => {
    const { qc, stale } = setup(true);
    await new MutationObserver(qc, revertChangeOptions(qc, 'zone_1')).mutate({
      changeId: 'chg_1',
      dry_run: true,
    });
    expect(stale()).toEqual([false, false, false, false, false]);
  });
});

describe('conflictOf', () => {
  const rrset = { name: 'a.example.', type: 'A', expected: null, current: null };

  it('reads the RRsets of a change_conflict', async () => {
    const e = new ApiError(409, 'change_conflict', 'x', { rrsets: [rrset] });
    expect(await conflictOf(e)).toEqual({ rrsets: [rrset] });
  });

  it('is null for any other error', async () => {
    expect(await conflictOf(new ApiError(409, 'change_not_revertible', 'x'))).toBeNull();
    expect(await conflictOf(new Error('x'))).toBeNull();
  });

  it('a conflict with details it cannot read is still a conflict', async () => {
    const e = new ApiError(409, 'change_conflict', 'x', { rrsets: 'junk' });
    expect(await conflictOf(e)).toEqual({ rrsets: [] });
  });
});
