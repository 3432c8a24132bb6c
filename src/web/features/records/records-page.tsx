// /zones/:zoneId/records: every record of the zone by RRset, with search, type filter and sort;
// create, edit, enable/disable and delete, each updating the list at once.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { describeError } from '../../api/describe-error';
import { useRecordChange, useRecords, type DnsRecord, type RecordChange } from '../../api/records';
import { useZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { formatNumber } from '../../ui/format';
import { IconList, IconPlus } from '../../ui/icons';
import { Loading } from '../../ui/skeleton';
import { useSlashFocus } from '../../ui/use-slash-focus';
import { DeleteRecordDialog } from './delete-record-dialog';
import { RecordDialog } from './record-dialog';
import { RecordTable, RecordTableSkeleton } from './record-table';
import { RecordsToolbar } from './records-toolbar';
import { filterRRsets, groupRRsets, rrsetKey, sortRRsets, typeCounts, type RRset } from './rrsets';
import { useNewRecordKey } from './use-new-record-key';
import { useRecordsView } from './use-records-view';

/** RRsets drawn at a time: enough to scroll, few enough that a keystroke redraws in a frame. */
const SHOWN_STEP = 100;

function summary(shown: number, sets: number, values: number): string {
  const n = (x: number, one: string) => `${formatNumber(x)} ${one}${x === 1 ? '' : 's'}`;
  const of = shown === sets ? n(sets, 'RRset') : `${formatNumber(shown)} of ${n(sets, 'RRset')}`;
  return `${of} · ${n(values, 'value')}`;
}

export function RecordsPage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const query = useRecords(zoneId);
  const view = useRecordsView();
  // mutate is stable (the mutation object is not): the memoised rows keep their callbacks.
  const { mutate } = useRecordChange(zoneId);
  const [limit, setLimit] = useState(SHOWN_STEP);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ record: DnsRecord; set: RRset } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const focusId = useRef<string | null>(null);
  useSlashFocus(searchRef);

  const records = query.data;
  const zoneName = zone?.name ?? '';
  const sets = useMemo(
    () => (records && zoneName ? sortRRsets(groupRRsets(records, zoneName), view.sort) : []),
    [records, zoneName, view.sort],
  );
  const highlighted = highlightId ? records?.find((r) => r.id === highlightId) : undefined;
  const keep = highlighted ? rrsetKey(highlighted.name, highlighted.type) : null;
  const filtered = useMemo(
    () => filterRRsets(sets, { type: view.type, query: view.query, keep }),
    [sets, view.type, view.query, keep],
  );
  const shown = useMemo(() => filtered.slice(0, limit), [filtered, limit]);
  const counts = useMemo(() => typeCounts(sets), [sets]);

  // The record being edited, kept while its save is under way: a new content gives it a new id,
  // and the form must stay until it has heard the answer.
  const found =
    view.dialog && view.dialog !== 'new' ? records?.find((r) => r.id === view.dialog) : undefined;
  const [kept, setKept] = useState<DnsRecord | null>(null);
  if (found && found !== kept) setKept(found);
  const editing = found ?? (kept && kept.id === view.dialog ? kept : null);
  const dialogOpen = view.dialog === 'new' || editing !== null;

  // A record id in the URL that is gone (deleted, or saved with a new content): no dialog.
  const { openDialog } = view;
  useEffect(() => {
    if (records && view.dialog && view.dialog !== 'new' && !editing) openDialog(null);
  }, [records, view.dialog, editing, openDialog]);

  const open = useCallback(
    (what: string) => {
      returnFocus.current = document.activeElement;
      focusId.current = null;
      openDialog(what);
    },
    [openDialog],
  );
  useNewRecordKey(() => open('new'), !dialogOpen && !deleting && !!records);

  /** After a dialog: the saved row's Edit button, else where the user was, else the search box. */
  const focusAfter = useCallback(() => {
    requestAnimationFrame(() => {
      const id = focusId.current;
      const row = id ? document.querySelector(`tr[data-record-id="${CSS.escape(id)}"]`) : null;
      const target =
        row?.querySelector<HTMLElement>('.btn-edit') ??
        (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected
          ? returnFocus.current
          : searchRef.current);
      row?.scrollIntoView({ block: 'nearest' });
      target?.focus();
    });
  }, []);

  const run = useCallback(
    (c: RecordChange, done: string, failed: string) =>
      mutate(c, {
        onSuccess: () => toast.success(done),
        onError: (e) =>
          toast.error(failed, {
            description: `${describeError(e).message} Nothing was changed.`,
          }),
      }),
    [mutate],
  );

  const actions = useMemo(
    () => ({
      onEdit: (r: DnsRecord) => open(r.id),
      onToggle: (r: DnsRecord, set: RRset) => {
        const label = `${set.relative} ${set.type} ${r.content}`;
        run(
          { kind: 'toggle', current: r, rrsetSize: set.values.length },
          r.disabled ? `Enabled ${label}` : `Disabled ${label}`,
          r.disabled ? `Could not enable ${label}` : `Could not disable ${label}`,
        );
      },
      onDelete: (record: DnsRecord, set: RRset) => {
        returnFocus.current = document.activeElement;
        setDeleting({ record, set });
      },
    }),
    [open, run],
  );

  const confirmDelete = (all: boolean) => {
    if (!deleting) return;
    const { record, set } = deleting;
    const label = `${set.relative} ${set.type}`;
    const index = shown.findIndex((s) => s.key === set.key);
    setDeleting(null);
    // Focus goes to the next row (or the previous one) once this one is gone.
    const neighbour = all || set.values.length === 1 ? (shown[index + 1] ?? shown[index - 1]) : set;
    focusId.current = neighbour?.values.find((v) => v.id !== record.id)?.id ?? null;
    if (all) {
      run(
        { kind: 'delete-rrset', name: set.name, type: set.type, count: set.values.length },
        `Deleted all ${set.values.length} values of ${label}`,
        `Could not delete ${label}`,
      );
    } else {
      run(
        { kind: 'delete', current: record },
        `Deleted ${label} ${record.content}`,
        `Could not delete ${label} ${record.content}`,
      );
    }
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
  if (query.isPending || !zone) {
    body = (
      <Loading label="Loading records">
        <RecordTableSkeleton rows={6} />
      </Loading>
    );
  } else if (!records) {
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
        Add A, AAAA, MX, TXT and the other record types here; the zone answers with them at once.
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
            }}
          >
            Clear search and filter
          </Button>
        }
      >
        No {view.type || 'record'} RRset has “{view.query}” in its name, values or comment.
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
        <RecordTable sets={shown} highlightId={highlightId} {...actions} />
        {filtered.length > shown.length && (
          <div className="show-more">
            <span className="muted">
              Showing {formatNumber(shown.length)} of {formatNumber(filtered.length)} RRsets
            </span>
            <Button size="sm" onClick={() => setLimit((l) => l + SHOWN_STEP * 5)}>
              Show {formatNumber(Math.min(SHOWN_STEP * 5, filtered.length - shown.length))} more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <section className="card records" aria-label="Records">
        <RecordsToolbar
          searchRef={searchRef}
          query={view.query}
          onQuery={(q) => {
            view.setQuery(q);
            setLimit(SHOWN_STEP);
          }}
          type={view.type}
          onType={view.setType}
          counts={counts}
          sort={view.sort}
          onSort={view.setSort}
          summary={records ? summary(filtered.length, sets.length, records.length) : ''}
          action={records && sets.length > 0 ? newButton('New record') : null}
        />
        {body}
      </section>
      {dialogOpen && zone && records && (
        <RecordDialog
          zone={zone}
          records={records}
          editing={editing}
          focusAfter={focusAfter}
          onClose={(saved) => {
            if (saved) {
              focusId.current = saved.id;
              setHighlightId(saved.id);
            }
            openDialog(null);
          }}
        />
      )}
      {deleting && (
        <DeleteRecordDialog
          record={deleting.record}
          set={deleting.set}
          onCancel={() => {
            focusId.current = null;
            setDeleting(null);
          }}
          onDeleteValue={() => confirmDelete(false)}
          onDeleteRRset={() => confirmDelete(true)}
          focusAfter={focusAfter}
        />
      )}
    </>
  );
}
