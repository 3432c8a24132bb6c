// The record form's view of other people's changes (ADR 0028): the version its edit is made from,
// and what to show when the service refuses it because the record changed (412) or went (404).
import { useEffect, useRef, useState } from 'react';
import { recordVersion } from '../../../shared/api/versions';
import { isRecordGone, staleWriteOf } from '../../api/record-conflict';
import type { DnsRecord, RecordChange, RecordInput } from '../../api/records';

export type EditConflict =
  /** Someone saved the record meanwhile: `now` as stored, `yours` as the refused save had it. */
  | { kind: 'stale'; now: DnsRecord; yours: RecordInput }
  /** The record is gone: saving creates it again. */
  | { kind: 'gone' };

/**
 * `version`: the version the edit started from when it is older than `editing` as listed (a
 * draft restored after a reload was written from the record as it was then).
 */
export function useEditConflict(editing: DnsRecord | null, version?: string) {
  // The record as the dialog showed it when it opened: the list behind the dialog may be read
  // again meanwhile, but the user's edit is made from this version, not from the newest one.
  const [base, setBase] = useState(() =>
    editing ? { record: editing, version: version ?? recordVersion(editing) } : null,
  );
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  // The version the form's values are made from, kept with its draft: the one the edit started
  // from, until "Use theirs" takes the stored one. A conflict only shown is not accepted: after a
  // reload, the draft is still checked against the version it was written from.
  const [draftVersion, setDraftVersion] = useState(base?.version);
  const notice = useRef<HTMLDivElement>(null);
  // The notice says what happened and what the buttons do: the focus goes there (and on a phone,
  // the dialog scrolls up to it).
  useEffect(() => {
    if (conflict) notice.current?.focus();
  }, [conflict]);

  return {
    conflict,
    notice,
    draftVersion,
    /** What saving the form's values does now. */
    changeOf(input: RecordInput, rrsetSize: number): RecordChange {
      if (!base || conflict?.kind === 'gone') return { kind: 'create', input };
      return { kind: 'update', current: base.record, version: base.version, input, rrsetSize };
    },
    /**
     * Takes a refusal that is a conflict (true), or leaves it to the caller (false). After a
     * 412 the edit is made from the version the notice shows: saving again writes over it, and a
     * third change saved meanwhile is still caught.
     */
    refused(error: unknown, input: RecordInput): boolean {
      const stale = staleWriteOf(error);
      const now = stale?.records[0];
      if (stale && now) {
        setBase({ record: now, version: stale.version });
        setConflict({ kind: 'stale', now, yours: input });
        return true;
      }
      if (base && isRecordGone(error)) {
        setConflict({ kind: 'gone' });
        return true;
      }
      return false;
    },
    /** "Use theirs": the form now holds what is stored; the notice goes. */
    resolved() {
      setConflict(null);
      setDraftVersion(base?.version);
    },
  };
}
