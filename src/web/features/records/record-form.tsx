// Create or edit one record value: name, type, value (structured or raw), TTL, comment, disabled.
// Everything is checked beside its field before submit; the service's errors land there too.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { recordVersion } from '../../../shared/api/versions';
import { COMMENT_MAX, TTL_MAX, TTL_MIN } from '../../../shared/dns/limits';
import { normalizeRecordName, relativeName } from '../../../shared/dns/names';
import { parseRecordType, RECORD_SPECS, RECORD_TYPES } from '../../../shared/dns/records';
import { useRecordChange, type DnsRecord } from '../../api/records';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { FormAlert } from '../../ui/error-panel';
import { Field, type ControlProps } from '../../ui/field';
import { applyServerError } from '../../ui/form/apply-server-error';
import { clearDraft, loadDraft, loadDraftBase, useDraft } from '../../ui/form/use-draft';
import { TtlField } from '../../ui/form/ttl-field';
import { formatTtl } from '../../ui/format';
import { ContentFields } from './content-fields';
import { EditConflictNotice, GoneNotice } from './record-conflict';
import {
  contentOf,
  nameAsMeant,
  newRecordDefaults,
  RECORD_FORM_FIELDS,
  recordFormSchema,
  type RecordFormOutput,
  type RecordFormValues,
} from './record-form-schema';
import { disassemble, emptyStructured } from './structured';
import { useDelegationNote } from './use-delegation-note';
import { useEditConflict } from './use-edit-conflict';

export interface ZoneInfo {
  id: string;
  name: string;
  ttl: number;
}

/** The draft of an edit, of a new record, or of a new record copied from `fromId`. */
export const recordDraftId = (zoneId: string, recordId: string | null, fromId?: string) =>
  `record:${zoneId}:${recordId ?? (fromId ? `copy:${fromId}` : 'new')}`;

function valuesOf(record: DnsRecord, zoneName: string): RecordFormValues {
  const type = parseRecordType(record.type) ?? 'TXT';
  const structured = disassemble(type, record.content);
  return {
    name: relativeName(record.name, zoneName),
    type,
    mode: structured ? 'fields' : 'raw',
    content: record.content,
    ...(structured ?? emptyStructured(type)),
    ttl: record.ttl,
    comment: record.comment ?? '',
    disabled: record.disabled,
  };
}

interface RecordFormProps {
  zone: ZoneInfo;
  records: readonly DnsRecord[];
  editing: DnsRecord | null;
  /** A new record starts as a copy of this one (Duplicate): all but its name to change. */
  source?: DnsRecord | null;
  onSaved: (record: DnsRecord | null) => void;
  /** The button that closes the form unsaved, with this label. */
  cancel: (label: string) => ReactNode;
}

export function RecordForm({
  zone,
  records,
  editing,
  source = null,
  onSaved,
  cancel,
}: RecordFormProps) {
  const change = useRecordChange(zone.id);
  const [formError, setFormError] = useState<unknown>(null);
  const copyOf = editing ? null : source;
  const draftId = recordDraftId(zone.id, editing?.id ?? null, copyOf?.id);
  // The version the edit starts from, kept with its draft: a draft restored after a reload is
  // checked against the record it was written from, so a change saved in between is shown (412),
  // not overwritten. A new record has none.
  const [startVersion] = useState(() =>
    editing ? (loadDraftBase(draftId) ?? recordVersion(editing)) : undefined,
  );
  const { conflict, notice, draftVersion, changeOf, refused, resolved } = useEditConflict(
    editing,
    startVersion,
  );
  const formRef = useRef<HTMLFormElement>(null);
  // After "Use theirs", the first field the user can change (the fields may have been redrawn).
  const [focusField, setFocusField] = useState(0);
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
  const form = useForm<RecordFormValues, unknown, RecordFormOutput>({
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
  useDraft(draftId, form as unknown as UseFormReturn<RecordFormValues>, draftVersion);
  const { errors } = form.formState;
  const [name, type, ttl, comment, mode, content, parts, params] = useWatch({
    control: form.control,
    name: ['name', 'type', 'ttl', 'comment', 'mode', 'content', 'parts', 'params'],
  });

  // The other values of the RRset this value belongs to (or will join).
  const meant = editing ? name : nameAsMeant(name, zone.name);
  const fqdn = useMemo(() => {
    const r = normalizeRecordName(meant, zone.name);
    return r.ok ? r.value.fqdn : null;
  }, [meant, zone.name]);
  // A name typed in full is taken as that name (nameAsMeant): say so under the field.
  const fullName = !editing && meant !== name.trim() && fqdn;
  const siblings = useMemo(
    () =>
      fqdn ? records.filter((r) => r.name === fqdn && r.type === type && r.id !== editing?.id) : [],
    [records, fqdn, type, editing],
  );
  const joins = !editing && siblings.length > 0;
  // A copy still the original (name, type and value): the name is the one thing left to give,
  // and "joins the RRset" (the original's own) would say the opposite.
  const unnamedCopy =
    !!copyOf &&
    fqdn === copyOf.name &&
    type === copyOf.type &&
    contentOf({ type, mode, content, parts, params }) === copyOf.content;
  const rrset = siblings[0];
  // Said as soon as name and type show it, not on blur: it is about the pair, not a typing slip.
  // Under both fields (it is about the pair), tied to both, and the Name is what is wrong.
  const delegation = useDelegationNote(zone.name, records, fqdn, type);
  const delegationId = useId();
  const describedByDelegation = (a: ControlProps, invalid: boolean): ControlProps =>
    delegation
      ? {
          ...a,
          'aria-describedby': [a['aria-describedby'], delegationId].filter(Boolean).join(' '),
          'aria-invalid': invalid || a['aria-invalid'],
        }
      : a;
  // The service's refusal of the same (a delegation the list did not show then) is said once.
  const nameError = delegation && errors.name?.type === 'server' ? undefined : errors.name?.message;

  // Joining an RRset: its TTL and comment are the ones to keep, unless the user changes them.
  useEffect(() => {
    if (!joins || !rrset) return;
    if (!form.getFieldState('ttl').isDirty) form.setValue('ttl', rrset.ttl);
    if (!form.getFieldState('comment').isDirty) form.setValue('comment', rrset.comment ?? '');
  }, [joins, rrset, form]);

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
    const c = changeOf(input, siblings.length + 1);
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
        if (refused(e, input)) return;
        if (!applyServerError(e, form.setError, RECORD_FORM_FIELDS)) setFormError(e);
      },
    });
  };

  const typeField = form.register('type', {
    onChange: () => {
      // A new type starts from its own empty sub-fields; raw text is left for the user to fix.
      const t = form.getValues('type');
      const fresh = emptyStructured(t);
      form.setValue('parts', fresh.parts);
      form.setValue('params', fresh.params);
      form.clearErrors(['parts', 'params', 'content', 'type']);
    },
  });
  const ttlNumber = typeof ttl === 'number' && Number.isFinite(ttl) ? ttl : null;

  return (
    <form
      ref={formRef}
      className="form record-form"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
    >
      {conflict?.kind === 'stale' && (
        <EditConflictNotice ref={notice} now={conflict.now} yours={conflict.yours} />
      )}
      {conflict?.kind === 'gone' && <GoneNotice ref={notice} />}
      <FormAlert error={formError} />
      <div className="field">
        <div className="record-form-row">
          <Field
            label="Name"
            error={nameError}
            className="record-name-field"
            hint={
              editing
                ? 'Name and type stay. To move this value, Duplicate it in the list, save the copy under the new name, then delete this one.'
                : unnamedCopy
                  ? 'Still the name of the original: type the new one.'
                  : fullName
                    ? `Saved as ${fullName.slice(0, -1)}: a name ending in ${zone.name} is taken as the full name.`
                    : '@ for the zone itself, or a name such as www, *.dev or _sip._tcp.'
            }
          >
            {(a) => (
              <span className="input-suffix record-name-input">
                <input
                  {...describedByDelegation(a, true)}
                  {...form.register('name')}
                  className="input input-mono"
                  placeholder="@ or www"
                  readOnly={!!editing}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- first field of a dialog opened for it
                  autoFocus={!editing}
                />
                {/* A name typed in full is not below the zone's name again: no suffix then. */}
                {!fullName && (
                  <span className="mono zone-suffix" title={`Names are inside ${zone.name}`}>
                    .{zone.name}
                  </span>
                )}
              </span>
            )}
          </Field>
          {/* The type alone in the box (a description cut off there said less than nothing); what
            the chosen type is, in words, under it. */}
          <Field
            label="Type"
            error={errors.type?.message}
            className="record-type-field"
            hint={RECORD_SPECS[type]?.description}
          >
            {(a) =>
              editing ? (
                <input
                  {...describedByDelegation(a, false)}
                  {...typeField}
                  className="input input-mono"
                  readOnly
                />
              ) : (
                <select
                  {...describedByDelegation(a, false)}
                  {...typeField}
                  className="select select-block"
                >
                  {RECORD_TYPES.map((t) => (
                    <option key={t} value={t} title={RECORD_SPECS[t].description}>
                      {t}
                    </option>
                  ))}
                </select>
              )
            }
          </Field>
        </div>
        <div aria-live="polite">
          {delegation && (
            <p className="field-error" id={delegationId}>
              {delegation}
            </p>
          )}
        </div>
      </div>

      {((joins && !unnamedCopy) || (editing && siblings.length > 0)) && (
        <div className="callout callout-info rrset-note" data-testid="rrset-note">
          <div className="callout-body">
            <p>
              {editing ? (
                <>
                  This is one of <strong>{siblings.length + 1} values</strong> of{' '}
                  <code>
                    {name} {type}
                  </code>
                  .
                </>
              ) : (
                <>
                  <code>
                    {name} {type}
                  </code>{' '}
                  already has {siblings.length} value{siblings.length === 1 ? '' : 's'}; this one
                  joins them.
                </>
              )}{' '}
              TTL and comment belong to the whole RRset: what you set here applies to every value.
            </p>
          </div>
        </div>
      )}

      <ContentFields form={form} />

      <div className="record-form-row">
        <TtlField
          registration={form.register('ttl', { valueAsNumber: true })}
          error={errors.ttl?.message}
          hint={
            ttlNumber !== null
              ? formatTtl(ttlNumber)
              : `${TTL_MIN} (5 minutes) to ${TTL_MAX} (1 day).`
          }
          unit="s"
          className="ttl-field"
          presets={{
            value: ttlNumber,
            onPick: (seconds) =>
              form.setValue('ttl', seconds, { shouldDirty: true, shouldValidate: true }),
          }}
        />
      </div>

      <Field
        label="Comment"
        error={errors.comment?.message}
        hint={
          <span className="comment-hint">
            <span>Private, not published in DNS. Shared by the RRset.</span>
            <span
              className={cx('counter', comment.length > COMMENT_MAX && 'counter-over')}
              aria-live="polite"
            >
              {comment.length}/{COMMENT_MAX}
            </span>
          </span>
        }
      >
        {(a) => <input {...a} {...form.register('comment')} className="input" autoComplete="off" />}
      </Field>

      <label className="checkbox">
        <input type="checkbox" {...form.register('disabled')} />
        <span>
          Disabled
          <span className="checkbox-hint">Kept here, but not served in DNS.</span>
        </span>
      </label>

      <div className="form-actions">
        {cancel(conflict?.kind === 'gone' ? 'Close' : 'Cancel')}
        {conflict?.kind === 'stale' && (
          <Button
            onClick={() => {
              form.reset(valuesOf(conflict.now, zone.name));
              setFormError(null);
              resolved();
              setFocusField((n) => n + 1);
            }}
            disabled={change.isPending}
          >
            Use theirs
          </Button>
        )}
        <Button
          type="submit"
          variant={conflict?.kind === 'stale' ? 'danger' : 'primary'}
          busy={change.isPending}
          disabled={change.isPending}
        >
          {submitLabel(change.isPending, !!editing, conflict?.kind)}
        </Button>
      </div>
    </form>
  );
}

function submitLabel(busy: boolean, editing: boolean, conflict: 'stale' | 'gone' | undefined) {
  if (conflict === 'gone') return busy ? 'Creating…' : 'Create it again';
  if (busy) return 'Saving…';
  if (conflict === 'stale') return 'Save mine anyway';
  return editing ? 'Save changes' : 'Create record';
}
