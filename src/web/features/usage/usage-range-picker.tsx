// The range picker of the usage page: two UTC days, or a preset; checked with the service's
// own rules before the URL changes, each error tied to its field.
import { useState, type FormEvent } from 'react';
import { addDays, utcDay } from '../../../shared/api';
import type { UsageDays } from '../../api/usage';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { checkDays } from './use-usage-days';

const PRESETS: { label: string; days: (today: string) => UsageDays | undefined }[] = [
  { label: 'This month', days: () => undefined },
  { label: 'Last 7 days', days: (t) => ({ start: addDays(t, -6), end: t }) },
  { label: 'Last 30 days', days: (t) => ({ start: addDays(t, -29), end: t }) },
  { label: 'Last 12 months', days: (t) => ({ start: addDays(t, -365), end: t }) },
];

/**
 * The preset the URL's range is, if any: none in the URL is the service's default, this month;
 * a range that two presets share (the 7th of a month) is the narrower named one, the one clicked.
 */
function activePreset(from: string, to: string, hourly: boolean, today: string): string | null {
  if (hourly) return null;
  if (!from && !to) return 'This month';
  const named = [...PRESETS.slice(1), PRESETS[0]!];
  const monthStart = `${today.slice(0, 7)}-01`;
  const hit = named.find((p) => {
    const d = p.days(today) ?? { start: monthStart, end: today };
    return d.start === from && d.end === to;
  });
  return hit?.label ?? null;
}

interface Props {
  from: string;
  to: string;
  /** The period the service answered for, shown in the inputs when the URL has none. */
  shown: { start: string; end: string } | undefined;
  /** The last 7 days hour by hour are shown. */
  hourly: boolean;
  onChange: (days: UsageDays | undefined | 'hourly') => void;
}

const initialError = (from: string, to: string) => {
  const c = checkDays(from, to);
  return c.ok ? null : c;
};

export function UsageRangePicker({ from, to, shown, hourly, onChange }: Props) {
  const [start, setStart] = useState(from || shown?.start || '');
  const [end, setEnd] = useState(to || shown?.end || '');
  const [error, setError] = useState<{ field: string; message: string } | null>(() =>
    initialError(from, to),
  );
  // A new range (or the period the service answered for it: the hourly week fills the two days
  // in) starts the fields anew. Reset here rather than by remounting the picker, which took the
  // focus from the preset or the Show button just pressed and left the keyboard on the body.
  const range = `${from}..${to}..${hourly}..${shown?.start ?? ''}..${shown?.end ?? ''}`;
  const [rangeShown, setRangeShown] = useState(range);
  if (rangeShown !== range) {
    setRangeShown(range);
    setStart(from || shown?.start || '');
    setEnd(to || shown?.end || '');
    setError(initialError(from, to));
  }
  // The day the page was opened: a page left open past midnight keeps its "today" until reloaded.
  const [today] = useState(() => utcDay(Date.now()));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = checkDays(start, end);
    if (!c.ok) return setError(c);
    setError(null);
    onChange(c.days);
  };
  const preset = (days: UsageDays | undefined) => {
    setError(null);
    setStart(days?.start ?? `${today.slice(0, 7)}-01`);
    setEnd(days?.end ?? today);
    onChange(days);
  };
  const active = activePreset(from, to, hourly, today);
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <form className="usage-range" onSubmit={submit} aria-label="Range of days" noValidate>
      <div className="usage-range-presets" role="group" aria-label="Preset ranges">
        {PRESETS.map((p) => (
          <Button
            key={p.label}
            size="sm"
            type="button"
            aria-pressed={active === p.label}
            onClick={() => preset(p.days(today))}
          >
            {p.label}
          </Button>
        ))}
        <Button
          size="sm"
          type="button"
          aria-pressed={hourly}
          onClick={() => {
            setError(null);
            onChange('hourly');
          }}
        >
          Last 7 days by hour
        </Button>
      </div>
      {/* Hour by hour is always the last 7 days: no day to pick, so From and To are not offered. */}
      {hourly ? (
        <p className="usage-range-note small muted">
          Hour by hour, the last 7 days (UTC). Pick another range above to choose days.
        </p>
      ) : (
        <>
          {(
            [
              ['From (UTC)', 'start_date', start, setStart],
              ['To (UTC)', 'end_date', end, setEnd],
            ] as const
          ).map(([label, field, value, set]) => (
            <Field key={field} label={label} error={fieldError(field)}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="date"
                  max={today}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                />
              )}
            </Field>
          ))}
          <Button type="submit" size="sm" variant="primary">
            Show
          </Button>
        </>
      )}
    </form>
  );
}
