// Create or edit one record value: name, type, value (structured or raw), TTL, comment, disabled.
// Everything is checked beside its field before submit; the service's errors land there too. The
// parts: its state (use-record-form), where the value lands (use-rrset-context), the save
// (use-record-submit), and one component per group of fields.
import type { ReactNode } from 'react';
import type { DnsRecord } from '../../api/records';
import { FormAlert } from '../../ui/error-panel';
import { ContentFields } from './content-fields';
import { EditConflictNotice, GoneNotice } from './record-conflict';
import { RecordFormActions } from './record-form-actions';
import type { ZoneInfo } from './record-form-values';
import { NameTypeFields } from './name-type-fields';
import { RRsetNote } from './rrset-note';
import { TtlCommentFields } from './ttl-comment-fields';
import { useDelegationNote } from './use-delegation-note';
import { useRecordForm } from './use-record-form';
import { useRecordSubmit } from './use-record-submit';
import { useRRsetContext } from './use-rrset-context';

interface RecordFormProps {
  zone: ZoneInfo;
  records: readonly DnsRecord[];
  editing: DnsRecord | null;
  /** A new record starts as a copy of this one (Duplicate): all but its name to change. */
  source?: DnsRecord | null;
  onSaved: (record: DnsRecord | null) => void;
  /** Focus the first field the user can change once mounted (it replaced what had the focus). */
  focusFirst?: boolean;
  /** The button that closes the form unsaved, with this label. */
  cancel: (label: string) => ReactNode;
}

export function RecordForm({
  zone,
  records,
  editing,
  source = null,
  onSaved,
  focusFirst = false,
  cancel,
}: RecordFormProps) {
  const copyOf = editing ? null : source;
  const { form, formRef, draftId, edit, takeTheirs } = useRecordForm({
    zone,
    records,
    editing,
    copyOf,
    focusFirst,
  });
  const { conflict, notice } = edit;
  const at = useRRsetContext({ form, zoneName: zone.name, records, editing, copyOf });
  const delegation = useDelegationNote(zone.name, records, at.fqdn, at.type);
  const save = useRecordSubmit({
    zoneId: zone.id,
    form,
    draftId,
    edit,
    siblings: at.siblings,
    delegation,
    onSaved,
  });

  return (
    <form ref={formRef} className="form record-form" onSubmit={save.submit} noValidate>
      {conflict?.kind === 'stale' && (
        <EditConflictNotice ref={notice} now={conflict.now} yours={conflict.yours} />
      )}
      {conflict?.kind === 'gone' && <GoneNotice ref={notice} />}
      <FormAlert error={save.formError} />
      <NameTypeFields
        form={form}
        zoneName={zone.name}
        editing={!!editing}
        type={at.type}
        fullName={at.fullName}
        unnamedCopy={at.unnamedCopy}
        delegation={delegation}
      />
      {((at.joins && !at.unnamedCopy) || (editing && at.siblings.length > 0)) && (
        <RRsetNote name={at.name} type={at.type} others={at.siblings.length} editing={!!editing} />
      )}
      <ContentFields form={form} />
      <TtlCommentFields form={form} />
      <label className="checkbox">
        <input type="checkbox" {...form.register('disabled')} />
        <span>
          Disabled
          <span className="checkbox-hint">Kept here, but not served in DNS.</span>
        </span>
      </label>
      <RecordFormActions
        cancel={cancel}
        conflict={conflict}
        editing={!!editing}
        pending={save.pending}
        onUseTheirs={() => {
          if (conflict?.kind !== 'stale') return;
          takeTheirs(conflict.now);
          save.clearFormError();
        }}
      />
    </form>
  );
}
