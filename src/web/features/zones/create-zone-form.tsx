// Create a zone: Name, Region, TTL, and optionally a zone file to start from. Rules from the shared schema, errors beside their field as soon
// as a field is left, server errors on the field they name, a missing scope above the form.
import { TTL_MAX, TTL_MIN } from '../../../shared/dns/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { REGION_MEANING, REGIONS } from '../../../shared/api/zones';
import { useCreateZone, type CreatedZone } from '../../api/zones';
import { zoneFileErrorsOf } from '../../api/zone-import';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form/form';
import { applyServerError } from '../../ui/form/apply-server-error';
import { exactTextInput } from '../../ui/form/exact-text';
import { TtlField } from '../../ui/form/ttl-field';
import { clearDraft, loadDraft, useDraft } from '../../ui/form/use-draft';
import {
  CREATE_ZONE_DEFAULTS,
  CREATE_ZONE_FIELDS,
  createZoneForm,
  type CreateZoneFormInput,
  type CreateZoneFormOutput,
} from './create-zone-schema';
import { CreateZoneFile, refusedFile, type RefusedFile } from './create-zone-file';

export const CREATE_ZONE_DRAFT = 'create-zone';

const REGION_OPTIONS = [
  { value: '', label: 'Account default', meaning: 'The default region of your account' },
  ...REGIONS.map((r) => ({ value: r, label: r, meaning: REGION_MEANING[r] })),
];

interface CreateZoneFormProps {
  onCreated: (zone: CreatedZone) => void;
  cancel: ReactNode;
}

export function CreateZoneForm({ onCreated, cancel }: CreateZoneFormProps) {
  const create = useCreateZone();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<CreateZoneFormInput, unknown, CreateZoneFormOutput>({
    resolver: zodResolver(createZoneForm),
    defaultValues: loadDraft(CREATE_ZONE_DRAFT, CREATE_ZONE_DEFAULTS),
    mode: 'onTouched',
  });
  useDraft(CREATE_ZONE_DRAFT, form);
  const { errors } = form.formState;
  const regionErrorId = useId();
  // The zone file stays out of the draft: it may be megabytes.
  const [fromFile, setFromFile] = useState(false);
  const [fileText, setFileText] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [refused, setRefused] = useState<RefusedFile | null>(null);
  const { getFieldState, setValue } = form;
  // The file's zone fills Name, unless the user has typed one.
  const onZoneName = useCallback(
    (name: string) => {
      if (!getFieldState('name').isDirty) setValue('name', name, { shouldValidate: true });
    },
    [getFieldState, setValue],
  );

  const onSubmit = (v: CreateZoneFormOutput) => {
    // Busy, not disabled: a disabled Create zone drops the focus out of the form, and a refused
    // file would leave the keyboard user at the dialog's top.
    if (create.isPending) return;
    setFormError(null);
    setRefused(null);
    if (fromFile && !fileText.trim()) {
      setFileError('Paste the zone file or choose it, or untick “Start from a zone file”.');
      return;
    }
    const sentText = fileText;
    create.mutate(
      {
        name: v.name,
        ttl: v.ttl,
        ...(v.region ? { region: v.region } : {}),
        ...(fromFile ? { zone_file: sentText } : {}),
      },
      {
        onSuccess: (zone) => {
          clearDraft(CREATE_ZONE_DRAFT);
          onCreated(zone);
        },
        onError: (e) => {
          const fileErrors = zoneFileErrorsOf(e);
          if (fileErrors) setRefused(refusedFile(fileErrors, sentText));
          else if (!applyServerError(e, form.setError, CREATE_ZONE_FIELDS)) setFormError(e);
        },
      },
    );
  };

  return (
    <Form onSubmit={form.handleSubmit(onSubmit)} error={formError}>
      {/* First: the name comes from the file, and Name's own error appearing below it moves nothing above. */}
      <CreateZoneFile
        enabled={fromFile}
        onEnabled={setFromFile}
        text={fileText}
        onText={(t) => {
          setFileText(t);
          if (t.trim()) setFileError(undefined);
        }}
        error={fileError}
        refused={refused}
        onZoneName={onZoneName}
      />
      <Field
        label="Name"
        error={errors.name?.message}
        hint="The domain, such as example.com. Unicode names are stored in their xn-- form."
      >
        {(a) => (
          <input
            {...a}
            {...form.register('name')}
            {...exactTextInput}
            placeholder="example.com"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- first field of a dialog opened for it
            autoFocus
          />
        )}
      </Field>
      <fieldset className="field" aria-describedby={errors.region ? regionErrorId : undefined}>
        <legend className="field-label">Region</legend>
        <div className="radio-cards">
          {REGION_OPTIONS.map((o) => {
            const id = `${regionErrorId}-${o.value || 'default'}`;
            return (
              // The whole card is the click target; the radio's name is the region, its meaning the description.
              <label key={id} className="radio-card">
                <input
                  type="radio"
                  value={o.value}
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-hint`}
                  {...form.register('region')}
                />
                <span className="radio-card-text">
                  <span className="radio-card-label" id={`${id}-label`}>
                    {o.label}
                  </span>
                  <span className="radio-card-hint" id={`${id}-hint`}>
                    {o.meaning}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.region && (
          <p className="field-error" id={regionErrorId}>
            {errors.region.message}
          </p>
        )}
      </fieldset>
      <TtlField
        registration={form.register('ttl', { valueAsNumber: true })}
        error={errors.ttl?.message}
        hint={`Default TTL of new records, in seconds: ${TTL_MIN} (5 minutes) to ${TTL_MAX} (1 day).`}
        unit="seconds"
      />
      <div className="form-actions">
        {cancel}
        <Button type="submit" variant="primary" busy={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create zone'}
        </Button>
      </div>
    </Form>
  );
}
