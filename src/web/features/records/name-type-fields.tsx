// The record form's first row: Name (relative to the zone, or typed in full) and Type (fixed
// when editing), with what a delegation would make of the pair said under both as it is chosen.
import { useId } from 'react';
import { RECORD_SPECS, RECORD_TYPES, type RecordType } from '../../../shared/dns/records';
import { Field, type ControlProps } from '../../ui/field';
import type { RecordFormApi } from './record-form-schema';
import { emptyStructured } from './structured';

interface NameTypeFieldsProps {
  form: RecordFormApi;
  zoneName: string;
  editing: boolean;
  /** The type chosen (watched by the form). */
  type: RecordType;
  /** The absolute name a name typed in full is taken as; null when typed relative. */
  fullName: string | null;
  /** A copy (Duplicate) still under the original's name. */
  unnamedCopy: boolean;
  /** What a delegation would make of name and type, in words; null when nothing. */
  delegation: string | null;
}

export function NameTypeFields({
  form,
  zoneName,
  editing,
  type,
  fullName,
  unnamedCopy,
  delegation,
}: NameTypeFieldsProps) {
  const { errors } = form.formState;
  // Said as soon as name and type show it, not on blur: it is about the pair, not a typing slip.
  // Under both fields, tied to both; the Name is what is wrong.
  const delegationId = useId();
  const withDelegation = (a: ControlProps, invalid: boolean): ControlProps =>
    delegation
      ? {
          ...a,
          'aria-describedby': [a['aria-describedby'], delegationId].filter(Boolean).join(' '),
          'aria-invalid': invalid || a['aria-invalid'],
        }
      : a;
  // The service's refusal of the same (a delegation the list did not show then) is said once.
  const nameError = delegation && errors.name?.type === 'server' ? undefined : errors.name?.message;
  const typeField = form.register('type', {
    onChange: () => {
      // A new type starts from its own empty sub-fields; raw text is left for the user to fix.
      const fresh = emptyStructured(form.getValues('type'));
      form.setValue('parts', fresh.parts);
      form.setValue('params', fresh.params);
      form.clearErrors(['parts', 'params', 'content', 'type']);
    },
  });

  return (
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
                  ? `Saved as ${fullName.slice(0, -1)}: a name ending in ${zoneName} is taken as the full name.`
                  : '@ for the zone itself, or a name such as www, *.dev or _sip._tcp.'
          }
        >
          {(a) => (
            <span className="input-suffix record-name-input">
              <input
                {...withDelegation(a, true)}
                {...form.register('name')}
                className="input input-mono"
                placeholder="@ or www"
                readOnly={editing}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- first field of a dialog opened for it
                autoFocus={!editing}
              />
              {/* A name typed in full is not below the zone's name again: no suffix then. */}
              {!fullName && (
                <span className="mono zone-suffix" title={`Names are inside ${zoneName}`}>
                  .{zoneName}
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
                {...withDelegation(a, false)}
                {...typeField}
                className="input input-mono"
                readOnly
              />
            ) : (
              <select {...withDelegation(a, false)} {...typeField} className="select select-block">
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
  );
}
