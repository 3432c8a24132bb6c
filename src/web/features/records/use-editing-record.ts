// The record the dialog in the URL edits (`?record=<id>`, or `new`), and the record a new one is
// a copy of (`?record=new&from=<id>`, Duplicate).
import { useEffect, useMemo, useState } from 'react';
import { findRecord, type RecordList } from '../../api/record-list';
import type { DnsRecord } from '../../api/records';

/**
 * The record of `id` in the list; once found, kept while `id` stays the same though it leaves the
 * list (saved with a new content, or deleted meanwhile): the open form must not lose it.
 */
function useKeptRecord(list: RecordList | undefined, id: string | null): DnsRecord | null {
  const found = useMemo(() => (list && id ? findRecord(list, id)?.record : undefined), [list, id]);
  const [kept, setKept] = useState<DnsRecord | null>(null);
  if (found && found !== kept) setKept(found);
  return found ?? (kept && kept.id === id ? kept : null);
}

export function useEditingRecord(
  list: RecordList | undefined,
  dialog: string | null,
  from: string | null,
  openDialog: (what: string | null) => void,
): { editing: DnsRecord | null; source: DnsRecord | null; dialogOpen: boolean } {
  // Kept while its save is under way: a new content gives it a new id, and the form must stay
  // until it has heard the answer.
  const editing = useKeptRecord(list, dialog && dialog !== 'new' ? dialog : null);
  const source = useKeptRecord(list, dialog === 'new' ? from : null);

  // A record id in the URL that is gone (deleted, or saved with a new content): no dialog, or a
  // New record dialog that starts empty. While the pages still stream in, it may be in one not
  // read yet, and the dialog waits for it.
  const complete = list?.complete ?? false;
  useEffect(() => {
    if (!complete || !dialog) return;
    if (dialog !== 'new' && !editing) openDialog(null);
    else if (dialog === 'new' && from && !source) openDialog('new');
  }, [complete, dialog, editing, from, source, openDialog]);

  const newOpen = dialog === 'new' && (!from || source !== null);
  return { editing, source, dialogOpen: newOpen || editing !== null };
}
