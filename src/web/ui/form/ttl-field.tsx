// The TTL field of every form that sets one (record, new zone, zone default, bulk "Set TTL"): a
// number of seconds within the shared limits, and optionally a row of presets that set it with
// one click.
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TTL_MAX, TTL_MIN } from '../../../shared/dns/limits';
import { Field } from '../field';
import { formatTtl } from '../format';

/** The TTLs most records use, one click each. */
const TTL_PRESETS = [300, 3600, 86400];

/** A field held in the component's own state rather than by react-hook-form. */
type ControlledInput = Required<Pick<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>>;

interface TtlFieldProps {
  /** `form.register('ttl', { valueAsNumber: true })`, or a value and its onChange. */
  registration: UseFormRegisterReturn | ControlledInput;
  /** "TTL" unless the form says more ("New TTL"). */
  label?: string;
  error: string | undefined;
  hint: ReactNode;
  /** After the number: "s" beside presets, "seconds" alone. */
  unit: string;
  className?: string;
  /** The TTL now in the field (null when it is no number), and what a preset click does. */
  presets?: { value: number | null; onPick: (seconds: number) => void };
}

export function TtlField({
  registration,
  label = 'TTL',
  error,
  hint,
  unit,
  className,
  presets,
}: TtlFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => {
        const input = (
          <div className="input-suffix">
            <input
              {...control}
              {...registration}
              className="input"
              type="number"
              inputMode="numeric"
              min={TTL_MIN}
              max={TTL_MAX}
              step={1}
            />
            <span aria-hidden="true">{unit}</span>
          </div>
        );
        if (!presets) return input;
        return (
          <div className="ttl-input">
            {input}
            <div className="segmented" role="group" aria-label="TTL presets">
              {TTL_PRESETS.map((seconds) => {
                const short = formatTtl(seconds, 'short');
                return (
                  <button
                    key={seconds}
                    type="button"
                    className="segmented-item segmented-text"
                    aria-pressed={presets.value === seconds}
                    aria-label={`TTL ${short} (${seconds} seconds)`}
                    onClick={() => presets.onPick(seconds)}
                  >
                    {short}
                  </button>
                );
              })}
            </div>
          </div>
        );
      }}
    </Field>
  );
}
