// One change of the timeline: who, when, what, the counts; opened, its RRset diff (fetched only
// then) and Revert, or why it cannot be reverted.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ChangeSummary } from '../../../shared/api/changes';
import type { SecondaryStatus } from '../../../shared/api/secondaries';
import { useChange } from '../../api/changes';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { formatDateTime, formatNumber } from '../../ui/format';
import { IconChevronRight } from '../../ui/icons';
import { Loading, Skeleton } from '../../ui/skeleton';
import { ChangeDiff } from './change-diff';
import { ChangePickups } from './change-pickups';
import { relativeTime } from './relative-time';
import { RevertedChange } from './reverted-change';

const KIND_LABEL: Record<ChangeSummary['kind'], string> = {
  records: 'Records',
  batch: 'Batch',
  revert: 'Revert',
  import: 'Import',
  zone: 'Zone settings',
  dnssec: 'DNSSEC',
};

export function actorName({ actor }: ChangeSummary): string {
  return actor.label ?? actor.key_id ?? 'Operator';
}

function Counts({ counts }: { counts: ChangeSummary['counts'] }) {
  const parts = [
    { n: counts.added, sign: '+', word: 'added', tone: 'added' },
    { n: counts.changed, sign: '~', word: 'changed', tone: 'changed' },
    { n: counts.removed, sign: '−', word: 'removed', tone: 'removed' },
  ].filter((p) => p.n > 0);
  if (!parts.length) return null;
  return (
    <span className="change-counts">
      {parts.map((p) => (
        <span key={p.word} className={`change-count diff-text-${p.tone}`}>
          <span aria-hidden="true">{p.sign}</span>
          {formatNumber(p.n)} {p.word}
        </span>
      ))}
    </span>
  );
}

function Detail({ zoneId, changeId }: { zoneId: string; changeId: string }) {
  const query = useChange(zoneId, changeId);
  if (query.isPending) {
    return (
      <Loading label="Loading the change">
        <Skeleton width="100%" height="5rem" />
      </Loading>
    );
  }
  if (query.isError) {
    return (
      <ErrorPanel
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { rrsets, settings } = query.data;
  if (!rrsets.length && !settings.length) {
    return <p className="muted">This change left every record and setting as it was.</p>;
  }
  return <ChangeDiff rrsets={rrsets} settings={settings} />;
}

/** store/dnssec.ts names these changes "DS removal requested…" and "DS removal request…". */
const isDsRemoval = (c: ChangeSummary) => c.kind === 'dnssec' && c.summary.startsWith('DS removal');

/** The zone's creation: the one change of kind `zone` that cannot be reverted. */
const isCreation = (c: ChangeSummary) => c.kind === 'zone' && !c.revertible;

function NotRevertible({ change }: { change: ChangeSummary }) {
  return (
    <p className="change-why small muted">
      {change.kind === 'dnssec'
        ? isDsRemoval(change)
          ? 'A DS removal request is not reverted from here: ask again or stop asking on the DNSSEC tab.'
          : 'A DNSSEC switch is not reverted from here: turning DNSSEC back on makes a new key, which needs a new DS record at your registrar. Use the DNSSEC tab.'
        : isCreation(change)
          ? 'The zone’s creation is undone by deleting the zone, on its Overview tab.'
          : 'The service cannot revert this change.'}
    </p>
  );
}

interface ChangeItemProps {
  zoneId: string;
  change: ChangeSummary;
  /** When the page was read: every row's "… ago" counts from the same moment. */
  now: number;
  onRevert: (change: ChangeSummary) => void;
  /** The changes on the page shown, by id (a revert names the change it undid). */
  onPage: ReadonlyMap<string, ChangeSummary>;
  /** The zone's secondaries, polled while the page is open: where this change has arrived. */
  secondaries?: readonly SecondaryStatus[];
}

export function ChangeItem(props: ChangeItemProps) {
  const { zoneId, change, now, onRevert, onPage, secondaries } = props;
  // Opened and brought into view when the address points at it (the watch banner and a
  // revert's row link here), each time it is followed (a new location key), with the focus on
  // its toggle so that a keyboard user lands where the link led.
  const location = useLocation();
  const targeted = location.hash === `#${change.id}`;
  // The user's own toggle holds until a link to this row is followed again.
  const [toggled, setToggled] = useState<{ key: string; open: boolean } | null>(null);
  const open = toggled && (toggled.key === location.key || !targeted) ? toggled.open : targeted;
  const item = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!targeted) return;
    toggle.current?.focus({ preventScroll: true });
    item.current?.scrollIntoView?.({ block: 'center' });
  }, [targeted, location.key]);
  const panelId = useId();
  const summaryId = useId();
  const exact = formatDateTime(change.created_at);
  return (
    <li
      className="change-item"
      data-open={open || undefined}
      data-targeted={targeted || undefined}
      id={change.id}
      ref={item}
    >
      <div className="change-head">
        <h3 className="change-title">
          <button
            ref={toggle}
            type="button"
            className="change-toggle"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setToggled({ key: location.key, open: !open })}
          >
            <IconChevronRight className="change-chevron" aria-hidden="true" />
            <span className="change-summary" id={summaryId}>
              {change.summary}
            </span>
          </button>
        </h3>
        <p className="change-meta small">
          <Badge tone={change.kind === 'revert' ? 'accent' : 'neutral'}>
            {KIND_LABEL[change.kind]}
          </Badge>
          <span>
            by <strong title={change.actor.key_id ?? undefined}>{actorName(change)}</strong>
          </span>
          <time dateTime={change.created_at} title={`${exact} (${change.created_at})`}>
            {relativeTime(change.created_at, now)}
          </time>
          <Counts counts={change.counts} />
          <span className="muted">serial {change.serial}</span>
          {change.reverts && (
            <RevertedChange zoneId={zoneId} changeId={change.reverts} onPage={onPage} now={now} />
          )}
        </p>
        {secondaries && <ChangePickups change={change} secondaries={secondaries} />}
        <div className="change-actions">
          {change.revertible ? (
            <Button size="sm" onClick={() => onRevert(change)} aria-describedby={summaryId}>
              Revert…
            </Button>
          ) : isCreation(change) ? null : (
            <span className="small muted">
              {isDsRemoval(change)
                ? 'Not revertible (DS removal request)'
                : change.kind === 'dnssec'
                  ? 'Not revertible (DNSSEC switch)'
                  : 'Not revertible'}
            </span>
          )}
        </div>
      </div>
      {open && (
        <div className="change-body" id={panelId}>
          {!change.revertible && <NotRevertible change={change} />}
          <Detail zoneId={zoneId} changeId={change.id} />
        </div>
      )}
    </li>
  );
}
