// What the toast says when the Undo of a bulk edit is refused. The Undo is the revert of the
// batch's change, which the service refuses (409 change_conflict) when an RRset it touched has
// changed again since: nothing is written, and History can show both and revert it anyway.
import { relativeName } from '../../../shared/dns/names';
import { conflictOf } from '../../api/changes';
import { describeError } from '../../api/describe-error';

export interface UndoFailure {
  title: string;
  description: string;
  /** Refused because of later changes: History is where to look (and to revert anyway). */
  conflict: boolean;
}

/** Names shown before "and N more". */
const NAMED = 3;

export async function undoFailure(
  error: unknown,
  what: string,
  zoneName: string,
): Promise<UndoFailure> {
  const conflict = await conflictOf(error);
  if (!conflict) {
    return {
      title: `Could not undo: ${what}`,
      description: `${describeError(error).message} Nothing was changed.`,
      conflict: false,
    };
  }
  const names = conflict.rrsets.map((r) => `${relativeName(r.name, zoneName)} ${r.type}`);
  const more = names.length - NAMED;
  const list =
    names.length === 0
      ? 'Records it touched'
      : more > 0
        ? `${names.slice(0, NAMED).join(', ')} and ${more} more`
        : names.length === 1
          ? names[0]!
          : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  const one = names.length === 1;
  return {
    title: `Not undone: ${what}`,
    description: `${list} ${one ? 'was' : 'were'} changed again since, and undoing would overwrite that: nothing was changed. History can revert the edit anyway.`,
    conflict: true,
  };
}
