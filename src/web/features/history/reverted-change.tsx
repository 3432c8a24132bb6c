// What a revert undid, on the revert's row of the timeline: that change by its age (the revert's
// summary already says what it was), not by its id. On the same page it links to that change's
// row (which opens and comes into view); on an older page its age is read from the change.
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
  const title = `${target.summary} (${changeId}, ${formatDateTime(target.created_at)})`;
  const age = relativeTime(target.created_at, now);
  if (shown) {
    return (
      <Link className="change-reverts" to={{ search, hash: changeId }} title={title}>
        reverts the change of {age}
      </Link>
    );
  }
  return (
    <span className="change-reverts muted" title={title}>
      reverts a change of {age}, on an older page
    </span>
  );
}
