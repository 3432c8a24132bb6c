// Saving the record form: the change its values make (a create, or an update from the version
// the edit started from), what the toast says, and where a refusal is shown (a conflict in its
// notice, a field's error beside the field, anything else above the form).
import { useState } from 'react';
import { toast } from 'sonner';
import { useRecordChange, type DnsRecord } from '../../api/records';
import { applyServerError } from '../../ui/form/apply-server-error';
import { clearDraft } from '../../ui/form/use-draft';
import {
  RECORD_FORM_FIELDS,
  type RecordFormApi,
  type RecordFormOutput,
} from './record-form-schema';
import type { useEditConflict } from './use-edit-conflict';

interface RecordSubmitInput {
  zoneId: string;
  form: RecordFormApi;
  draftId: string;
  edit: Pick<ReturnType<typeof useEditConflict>, 'changeOf' | 'refused'>;
  /** The other values of the RRset, and the first of them (whose TTL and comment it has). */
  siblings: readonly DnsRecord[];
  /** A delegation the loaded records show would hide the record: the service would refuse it. */
  delegation: string | null;
  onSaved: (record: DnsRecord | null) => void;
}

export function useRecordSubmit({
  zoneId,
  form,
  draftId,
  edit,
  siblings,
  delegation,
  onSaved,
}: RecordSubmitInput) {
  const change = useRecordChange(zoneId);
  const [formError, setFormError] = useState<unknown>(null);
  const rrset = siblings[0];

  const onSubmit = (out: RecordFormOutput) => {
    // Refused by the service anyway: the message is under Name already.
    if (delegation) {
      form.setFocus('name');
      return;
    }
    setFormError(null);
    const input = {
      name: out.name,
      type: out.type,
      content: out.content,
      ttl: out.ttl,
      disabled: out.disabled,
      comment: out.comment,
    };
    const c = edit.changeOf(input, siblings.length + 1);
    const label = `${out.relative} ${out.type}`;
    change.mutate(c, {
      onSuccess: ({ record }) => {
        clearDraft(draftId);
        const shared =
          siblings.length > 0 &&
          (out.ttl !== rrset?.ttl || (out.comment ?? null) !== (rrset?.comment ?? null));
        toast.success(c.kind === 'update' ? `Saved ${label} record` : `Created ${label} record`, {
          description: shared
            ? `The TTL and comment now apply to all ${siblings.length + 1} values of ${label}.`
            : undefined,
        });
        onSaved(record);
      },
      onError: (e) => {
        if (edit.refused(e, input)) return;
        if (!applyServerError(e, form.setError, RECORD_FORM_FIELDS)) setFormError(e);
      },
    });
  };

  return {
    submit: form.handleSubmit(onSubmit),
    pending: change.isPending,
    /** A refusal that concerns no field, shown above the form. */
    formError,
    clearFormError: () => setFormError(null),
  };
}
