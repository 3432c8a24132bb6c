// /zones/:zoneId/records: every record of the zone by RRset, with search, type filter and sort;
// create, edit, enable/disable and delete, each updating the list at once. A large zone shows its
// first page at once and the rest as it streams in, with the progress in the toolbar.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { toast } from 'sonner';
import { allRecords, findRecord, keyOf } from '../../api/record-list';
import {
  isRecordPending,
  usePendingRecordIds,
  useRecordChange,
  useRecords,
  type DnsRecord,
  type RecordChange,
} from '../../api/records';
import { useZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { IconList, IconPlus } from '../../ui/icons';
import { Loading } from '../../ui/skeleton';
import { DeleteRecordDialog } from './delete-record-dialog';
import { refusalDescription } from './record-conflict';
import { RecordDialog } from './record-dialog';
import { RecordTable, RecordTableSkeleton, type RecordTableHandle } from './record-table';
import { RecordsToolbar } from './records-toolbar';
import { LoadProgress, recordsSummary } from './load-progress';
import { filterNarrowing, orderRRsets, typeCounts, type RRset } from './rrsets';
import { useNewRecordKey } from './use-new-record-key';
import { useEditingRecord } from './use-editing-record';
import { useRecordFocus } from './use-record-focus';
import { useRecordsView } from './use-records-view';
import { useSelection } from './use-selection';
import { BulkEdit } from './bulk-edit';
import { useImportDrop } from './use-import-drop';
import { useRrsetUsage } from '../../api/rrset-usage';
import { notQueriedIn, orderByTraffic, TABLE_DAYS } from './traffic';
import { TrafficNote } from './traffic-note';

export function RecordsPage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const query = useRecords(zoneId);
  const view = useRecordsView();
  // mutate is stable (the mutation object is not): the memoised rows keep their callbacks.
  const { mutate } = useRecordChange(zoneId);
  const qc = useQueryClient();
  /** Records with a write under way: their switches wait for it (shown busy). */
  const pending = usePendingRecordIds(zoneId);
  /** The value just saved: marked, and kept in view whatever the search. */
  const [highlight, setHighlight] = useState<{ id: string; key: string } | null>(null);
  const table = useRef<RecordTableHandle>(null);
  const [deleting, setDeleting] = useState<{ record: DnsRecord; set: RRset } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const focus = useRecordFocus(table, searchRef);
  const drop = useImportDrop();

  const list = query.data;
  const usage = useRrsetUsage(zoneId, TABLE_DAYS);
  const traffic = usage.data;
  const trafficAt = usage.dataUpdatedAt;
  const ordered = useMemo(() => (list ? orderRRsets(list.sets, view.sort) : []), [list, view.sort]);
  const byTraffic = view.sort === 'queries' || view.sort === 'last' ? view.sort : null;
  const sets = useMemo(
    () => (byTraffic ? orderByTraffic(ordered, traffic, byTraffic) : ordered),
    [ordered, byTraffic, traffic],
  );
  // Until the traffic is read, "not queried" matches nothing: never everything.
  const unusedSets = useMemo(
    () =>
      view.unused === null
        ? sets
        : traffic
          ? notQueriedIn(sets, traffic, view.unused, trafficAt)
          : [],
    [sets, traffic, trafficAt, view.unused],
  );
  const keep = highlight?.key ?? null;
  const filtered = useMemo(
    () => filterNarrowing(unusedSets, { type: view.type, query: view.query, keep }),
    [unusedSets, view.type, view.query, keep],
  );
  const counts = useMemo(() => typeCounts(sets), [sets]);
  const bulk = useSelection(filtered, sets);
  const highlightId = highlight?.id ?? null;

  const { openDialog, openDuplicate } = view;
  const { editing, source, dialogOpen } = useEditingRecord(
    list,
    view.dialog,
    view.from,
    openDialog,
  );

  // The value to delete as the list holds it now: a write to it still on its way when Delete was
  // clicked (its switch) is in it once saved, and the dialog waits for that.
  const toDelete = useMemo(
    () => (deleting && list && findRecord(list, deleting.record.id)) || deleting,
    [deleting, list],
  );

  // What the form checks a new value against (only while it is open).
  const records = useMemo(() => (dialogOpen && list ? allRecords(list) : []), [dialogOpen, list]);

  const open = useCallback(
    (what: string) => {
      focus.remember();
      openDialog(what);
    },
    [focus, openDialog],
  );
  useNewRecordKey(() => open('new'), !dialogOpen && !deleting && !!list);

  const run = useCallback(
    (c: RecordChange, done: string, failed: string) =>
      mutate(c, {
        onSuccess: () => toast.success(done),
        // Someone else's change (or delete) is said, and the table already shows it.
        onError: (e) => toast.error(failed, { description: refusalDescription(e) }),
      }),
    [mutate],
  );

  const { select } = bulk;
  const actions = useMemo(
    () => ({
      onSelect: select,
      onEdit: (r: DnsRecord) => open(r.id),
      onDuplicate: (r: DnsRecord) => {
        focus.remember();
        openDuplicate(r.id);
      },
      onToggle: (r: DnsRecord, set: RRset) => {
        // Made from a state not saved yet, it would be refused as someone else's change.
        if (isRecordPending(qc, zoneId, r.id)) return;
        const label = `${set.relative} ${set.type} ${r.content}`;
        run(
          { kind: 'toggle', current: r, rrsetSize: set.values.length },
          r.disabled ? `Enabled ${label}` : `Disabled ${label}`,
          r.disabled ? `Could not enable ${label}` : `Could not disable ${label}`,
        );
      },
      onDelete: (record: DnsRecord, set: RRset) => {
        focus.remember();
        setDeleting({ record, set });
      },
    }),
    [focus, open, openDuplicate, qc, run, select, zoneId],
  );

  /** Focus goes to the next row (or the previous one) once this one is gone. */
  const landAfterDelete = (all: boolean) => {
    if (!deleting) return;
    const { record, set } = deleting;
    const index = filtered.findIndex((s) => s.key === set.key);
    if (index < 0) return; // already out of the table (a second try): the first one chose
    const neighbour =
      all || set.values.length === 1 ? (filtered[index + 1] ?? filtered[index - 1]) : set;
    focus.land(
      neighbour?.values.find((v) => v.id !== record.id)?.id ?? null,
      neighbour?.key ?? null,
    );
  };

  const newButton = (label: string) => (
    <Button variant="primary" onClick={() => open('new')} aria-keyshortcuts="n">
      <IconPlus /> {label}
      <kbd className="btn-kbd" aria-hidden="true">
        N
      </kbd>
    </Button>
  );

  let body;
  if (query.isPending || !zone || (list && !list.complete && list.sets.length === 0)) {
    body = (
      <Loading label="Loading records">
        <RecordTableSkeleton rows={6} />
      </Loading>
    );
  } else if (!list) {
    body = (
      <ErrorPanel
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (sets.length === 0) {
    body = (
      <EmptyState
        icon={<IconList width="28" height="28" />}
        title="No records yet"
        action={newButton('Add the first record')}
      >
        Add A, AAAA, MX, TXT and the other record types here, or bring them all at once with “Import
        zone file” (or drop the file on this page); the zone answers with them at once.
      </EmptyState>
    );
  } else if (filtered.length === 0) {
    body = (
      <EmptyState
        title="No record matches"
        action={
          <Button
            onClick={() => {
              view.setQuery('');
              view.setType('');
              view.setUnused(null);
            }}
          >
            Clear search and filters
          </Button>
        }
      >
        {view.unused !== null && !traffic
          ? usage.isError
            ? 'The traffic of the records could not be read, so no record can be shown as not queried.'
            : 'Reading the traffic of the records…'
          : view.unused !== null && !view.query && !view.type
            ? `Every RRset was queried in the last ${view.unused} days.`
            : noMatch(view.type, view.unused, view.query)}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {query.isError && (
          <div className="card-inset">
            <ErrorPanel
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        )}
        <BulkEdit
          zoneId={zoneId}
          zoneName={zone.name}
          sets={sets}
          shown={filtered}
          query={view.query}
          filtered={view.query.trim() !== '' || view.type !== '' || view.unused !== null}
          complete={list.complete}
          selection={bulk.selection}
          onSelectAll={bulk.selectAll}
          onClear={bulk.clear}
        />
        <RecordTable
          ref={table}
          sets={filtered}
          highlightId={highlightId}
          selection={bulk.selection}
          pending={pending}
          traffic={traffic}
          trafficAt={trafficAt}
          zoneDisabled={zone?.status === 'disabled'}
          {...actions}
        />
      </>
    );
  }

  return (
    <>
      <section
        className="card records"
        aria-label="Records"
        aria-busy={list ? !list.complete && !query.isError : true}
        data-load-state={list?.complete ? 'complete' : query.isError ? 'failed' : 'loading'}
      >
        <RecordsToolbar
          searchRef={searchRef}
          query={view.query}
          onQuery={view.setQuery}
          type={view.type}
          onType={view.setType}
          counts={counts}
          sort={view.sort}
          onSort={view.setSort}
          unused={view.unused}
          onUnused={view.setUnused}
          summary={list ? recordsSummary(filtered.length, sets.length, list.count) : ''}
          action={list && sets.length > 0 ? newButton('New record') : null}
          zone={{ id: zoneId, name: zone?.name ?? '' }}
        />
        {list && sets.length > 0 && <TrafficNote days={TABLE_DAYS} failed={usage.isError} />}
        {list && !list.complete && list.total > 0 && (
          <LoadProgress loaded={list.count} total={list.total} />
        )}
        {body}
      </section>
      {dialogOpen && zone && list && (
        <RecordDialog
          zone={zone}
          records={records}
          editing={editing}
          source={source}
          focusAfter={focus.focusAfter}
          onClose={(saved) => {
            if (saved) {
              const key = keyOf(zone.name, saved);
              focus.land(saved.id, key);
              setHighlight({ id: saved.id, key });
            }
            openDialog(null);
          }}
        />
      )}
      <Outlet context={drop.context} />
      {drop.dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <p className="drop-overlay-text">Drop the zone file to import it</p>
        </div>
      )}
      {toDelete && (
        <DeleteRecordDialog
          zoneId={zoneId}
          record={toDelete.record}
          set={toDelete.set}
          onDeleting={landAfterDelete}
          onClose={(kept) => {
            // Not deleted after all (refused): back to the row, which is still there.
            if (kept) focus.land(kept.id, keyOf(zone?.name ?? '', kept));
            setDeleting(null);
          }}
          focusAfter={focus.focusAfter}
        />
      )}
    </>
  );
}

/** "No MX RRset left unqueried for 30 days has “mail” in its name, values or comment." */
function noMatch(type: string, unused: number | null, query: string): string {
  const which = `No ${type ? `${type} ` : ''}RRset${unused !== null ? ` left unqueried for ${unused} days` : ''}`;
  return query ? `${which} has “${query}” in its name, values or comment.` : `${which}.`;
}
