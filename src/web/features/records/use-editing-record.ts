// The record the dialog in the URL edits (`?record=<id>`, or `new`).
import { useEffect, useMemo, useState } from 'react';
import { findRecord, type RecordList } from '../../api/record-list';
import type { DnsRecord } from '../../api/records';

export function useEditingRecord(
  list: RecordList | undefined,
  dialog: string | null,
  openDialog: (what: string | null) => void,
): { editing: DnsRecord | null; dialogOpen: boolean } {
  // Kept while its save is under way: a new content gives it a new id, and the form must stay
  // until it has heard the answer.
  const found = useMemo(
    () => (list && dialog && dialog !== 'new' ? findRecord(list, dialog)?.record : undefined),
    [list, dialog],
  );
  const [kept, setKept] = useState<DnsRecord | null>(null);
  if (found && found !== kept) setKept(found);
  const editing = found ?? (kept && kept.id === dialog ? kept : null);

  // A record id in the URL that is gone (deleted, or saved with a new content): no dialog. While
  // the pages still stream in, it may be in one not read yet.
  const complete = list?.complete ?? false;
  useEffect(() => {
    if (complete && dialog && dialog !== 'new' && !editing) openDialog(null);
  }, [complete, dialog, editing, openDialog]);

  return { editing, dialogOpen: dialog === 'new' || editing !== null };
}
