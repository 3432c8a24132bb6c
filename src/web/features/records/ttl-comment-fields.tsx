// The record form's TTL (with its presets and the time in words) and comment (with its count),
// both shared by the RRset.
import { useWatch } from 'react-hook-form';
import { COMMENT_MAX, TTL_MAX, TTL_MIN } from '../../../shared/dns/limits';
import { cx } from '../../ui/cx';
import { Field } from '../../ui/field';
import { TtlField } from '../../ui/form/ttl-field';
import { formatTtl } from '../../ui/format';
import type { RecordFormApi } from './record-form-schema';

export function TtlCommentFields({ form }: { form: RecordFormApi }) {
  const { errors } = form.formState;
  const [ttl, comment] = useWatch({ control: form.control, name: ['ttl', 'comment'] });
  const ttlNumber = typeof ttl === 'number' && Number.isFinite(ttl) ? ttl : null;
  return (
    <>
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
    </>
  );
}
