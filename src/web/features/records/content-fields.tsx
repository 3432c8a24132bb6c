// The value of a record: sub-fields for structured types (with a switch to the raw text for
// experts), a content text for the others, and the assembled content shown as it will be saved.
import { useEffect, useId, type KeyboardEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { RECORD_SPECS } from '../../../shared/dns/records';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Field } from '../../ui/field';
import { IconPlus, IconX } from '../../ui/icons';
import { contentOf, type RecordFormApi } from './record-form-schema';
import { disassemble, optionsWith, paramKeysOf, partsOf, type PartDef } from './structured';

type Form = RecordFormApi;

/** Enter in a textarea saves, as in the other fields (record content never holds a newline). */
export function submitOnEnter(e: KeyboardEvent<HTMLTextAreaElement>) {
  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  }
}

function PartField({ form, def }: { form: Form; def: PartDef }) {
  const name = `parts.${def.key}` as const;
  const value = useWatch({ control: form.control, name }) ?? '';
  const error = form.formState.errors.parts?.[def.key]?.message;
  return (
    <Field label={def.label} error={error} className={cx('part', def.wide && 'part-wide')}>
      {(a) =>
        def.kind === 'select' ? (
          <select {...a} {...form.register(name)} className="select select-block">
            {optionsWith(def, value).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...a}
            {...form.register(name)}
            className={cx('input', def.kind === 'text' && 'input-mono')}
            inputMode={def.kind === 'number' ? 'numeric' : undefined}
            placeholder={def.placeholder}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
        )
      }
    </Field>
  );
}

function ParamRows({ form, keys }: { form: Form; keys: readonly string[] }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'params' });
  const error = form.formState.errors.params;
  const message = error?.message ?? error?.root?.message;
  const errorId = useId();
  return (
    <fieldset className="field part-wide params" aria-describedby={message ? errorId : undefined}>
      <legend className="field-label">Parameters</legend>
      {fields.length === 0 && (
        <p className="field-hint">
          None. Priority 0 (alias mode) takes none; add alpn=h2,h3 and others for service mode.
        </p>
      )}
      {fields.map((f, i) => (
        <div key={f.id} className="param-row">
          <label className="sr-only" htmlFor={`${errorId}-k${i}`}>
            Parameter {i + 1} key
          </label>
          <select id={`${errorId}-k${i}`} className="select" {...form.register(`params.${i}.key`)}>
            {keys.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor={`${errorId}-v${i}`}>
            Parameter {i + 1} value
          </label>
          <input
            id={`${errorId}-v${i}`}
            className="input input-mono"
            placeholder="h2,h3"
            autoComplete="off"
            spellCheck={false}
            {...form.register(`params.${i}.value`)}
          />
          <Button
            variant="ghost"
            className="btn-icon"
            aria-label={`Remove parameter ${i + 1}`}
            onClick={() => remove(i)}
          >
            <IconX />
          </Button>
        </div>
      ))}
      <div>
        <Button size="sm" onClick={() => append({ key: keys[0] ?? '', value: '' })}>
          <IconPlus /> Add parameter
        </Button>
      </div>
      {message && (
        <p className="field-error" id={errorId}>
          {message}
        </p>
      )}
    </fieldset>
  );
}

export function ContentFields({ form }: { form: Form }) {
  const [type, mode, content, parts, params] = useWatch({
    control: form.control,
    name: ['type', 'mode', 'content', 'parts', 'params'],
  });
  const spec = RECORD_SPECS[type];
  // Once submitted, a change to any sub-field re-checks the whole value: its problem may be shown
  // on the preview or the parameters rather than on the sub-field being typed in.
  const { isSubmitted } = form.formState;
  const partsKey = JSON.stringify([parts, params]);
  useEffect(() => {
    if (isSubmitted && mode === 'fields') void form.trigger(['content', 'params']);
  }, [partsKey, isSubmitted, mode, form]);
  const defs = partsOf(type);
  const paramKeys = paramKeysOf(type);
  const errors = form.formState.errors;
  const previewId = useId();

  const setMode = (next: 'fields' | 'raw') => {
    if (next === mode) return;
    if (next === 'raw') {
      form.setValue('content', contentOf({ type, mode, content, parts, params }));
    } else if (content.trim() !== '') {
      const s = disassemble(type, content);
      if (!s) {
        form.setError('content', {
          message:
            'This content does not parse, so it cannot be shown in fields; fix it here, or clear it to start from empty fields.',
        });
        return;
      }
      form.setValue('parts', s.parts);
      form.setValue('params', s.params);
    }
    form.clearErrors();
    form.setValue('mode', next);
  };

  const contentField = (
    <Field
      label="Content"
      error={errors.content?.message}
      hint={
        <>
          Expected: <code>{spec.expected}</code>
        </>
      }
    >
      {(a) => (
        <textarea
          {...a}
          {...form.register('content')}
          className="input input-mono textarea"
          rows={spec.longContent ? 3 : 1}
          placeholder={spec.example}
          onKeyDown={submitOnEnter}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
      )}
    </Field>
  );

  if (!defs) return contentField;
  const assembled = contentOf({ type, mode, content, parts, params });
  return (
    <div className="content-block">
      <div className="content-block-head">
        <span className="field-label" id={`${previewId}-label`}>
          {spec.type} value
        </span>
        <div className="segmented" role="group" aria-label="Edit the value as">
          {(['fields', 'raw'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="segmented-item segmented-text"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === 'fields' ? 'Fields' : 'Raw text'}
            </button>
          ))}
        </div>
      </div>
      {mode === 'raw' ? (
        contentField
      ) : (
        <>
          <div className="parts">
            {defs.map((d) => (
              <PartField key={`${type}-${d.key}`} form={form} def={d} />
            ))}
            {paramKeys && <ParamRows form={form} keys={paramKeys} />}
          </div>
          <div className={cx('preview', errors.content && 'preview-invalid')}>
            <span className="preview-label">Saved as</span>{' '}
            <output
              className="mono preview-text"
              aria-describedby={errors.content ? `${previewId}-error` : undefined}
              data-testid="content-preview"
            >
              {assembled || '…'}
            </output>
            {errors.content && (
              <p className="field-error" id={`${previewId}-error`} role="alert">
                {errors.content.message}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
