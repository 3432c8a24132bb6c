// The record form's state: react-hook-form over the form's schema, its draft (kept across a
// reload with the version the edit started from, ADR 0028), the edit's conflicts, and the focus
// after "Use theirs".
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { recordVersion } from '../../../shared/api/versions';
import type { DnsRecord } from '../../api/records';
import { loadDraft, loadDraftBase, useDraft } from '../../ui/form/use-draft';
import {
  newRecordDefaults,
  recordFormSchema,
  type RecordFormApi,
  type RecordFormOutput,
  type RecordFormValues,
} from './record-form-schema';
import { recordDraftId, valuesOf, type ZoneInfo } from './record-form-values';
import { useEditConflict } from './use-edit-conflict';

interface RecordFormSetup {
  zone: ZoneInfo;
  records: readonly DnsRecord[];
  editing: DnsRecord | null;
  /** A new record made as a copy of this one (Duplicate). */
  copyOf: DnsRecord | null;
  /** Focus the first field the user can change once mounted. */
  focusFirst?: boolean;
}

export function useRecordForm({
  zone,
  records,
  editing,
  copyOf,
  focusFirst = false,
}: RecordFormSetup) {
  const draftId = recordDraftId(zone.id, editing?.id ?? null, copyOf?.id);
  // The version the edit starts from, kept with its draft: a draft restored after a reload is
  // checked against the record it was written from, so a change saved in between is shown (412),
  // not overwritten. A new record has none.
  const [startVersion] = useState(() =>
    editing ? (loadDraftBase(draftId) ?? recordVersion(editing)) : undefined,
  );
  const edit = useEditConflict(editing, startVersion);
  const formRef = useRef<HTMLFormElement>(null);
  // After "Use theirs", the first field the user can change (the fields may have been redrawn);
  // also at once when asked to.
  const [focusField, setFocusField] = useState(focusFirst ? 1 : 0);
  useEffect(() => {
    if (!focusField) return;
    formRef.current
      ?.querySelector<HTMLElement>('input:not([readonly]):not([type="hidden"]), select, textarea')
      ?.focus();
  }, [focusField]);
  const schema = useMemo(
    () => recordFormSchema({ zoneName: zone.name, records, editing }),
    [zone.name, records, editing],
  );
  const form: RecordFormApi = useForm<RecordFormValues, unknown, RecordFormOutput>({
    // The schema's input keeps TTL loose (it is checked inside, with the other fields).
    resolver: zodResolver(schema) as unknown as Resolver<
      RecordFormValues,
      unknown,
      RecordFormOutput
    >,
    defaultValues: loadDraft(
      draftId,
      editing
        ? valuesOf(editing, zone.name)
        : copyOf
          ? valuesOf(copyOf, zone.name)
          : newRecordDefaults('A', zone.ttl),
    ),
    mode: 'onTouched',
  });
  // A copy is made to get another name: the name field opens with its text selected, so that
  // typing replaces it and an arrow key edits it.
  useEffect(() => {
    if (copyOf) form.setFocus('name', { shouldSelect: true });
  }, [copyOf, form]);
  // useDraft only watches values: the output type does not matter to it.
  useDraft(draftId, form as unknown as UseFormReturn<RecordFormValues>, edit.draftVersion);

  return {
    form,
    formRef,
    draftId,
    edit,
    /** "Use theirs": the form holds the record as stored now, and the conflict is settled. */
    takeTheirs(now: DnsRecord) {
      form.reset(valuesOf(now, zone.name));
      edit.resolved();
      setFocusField((n) => n + 1);
    },
  };
}
