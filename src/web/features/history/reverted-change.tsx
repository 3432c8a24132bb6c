// What a revert undid, on the revert's row of the timeline: that change's summary, not its id.
// On the same page it links to that change's row (which opens and comes into view); on an
// older page its summary and age are read from the change itself.
import { Link, useLocation } from 'react-router';
import type { ChangeSummary } from '../../../shared/api/changes';
import { useChange } from '../../api/changes';
import { formatDateTime } from '../../ui/format';
import { relativeTime } from './relative-time';

interface RevertedChangeProps {
  zoneId: string;
  changeId: string;
  /** The changes on the page shown, by id. */
  onPage: ReadonlyMap<string, ChangeSummary>;
  now: number;
}

export function RevertedChange({ zoneId, changeId, onPage, now }: RevertedChangeProps) {
  const shown = onPage.get(changeId);
  // The page shown (its page and size in the query) with the change's row as the target.
  const { search } = useLocation();
  const query = useChange(zoneId, changeId, !shown);
  const target = shown ?? query.data;
  if (!target) {
    // Loading, or gone (a pruned journal): the id is all there is to name it by.
    return <span className="muted">reverts change {changeId}</span>;
  }
  const title = `${changeId}, ${formatDateTime(target.created_at)}`;
  if (shown) {
    return (
      <Link className="change-reverts" to={{ search, hash: changeId }} title={title}>
        reverts “{target.summary}”
      </Link>
    );
  }
  return (
    <span className="change-reverts muted" title={title}>
      reverts “{target.summary}”, {relativeTime(target.created_at, now)} (an older page)
    </span>
  );
}
