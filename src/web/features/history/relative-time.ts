// "3 minutes ago": how long ago a change was made, in the browser's language.
const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** The time from `now` to `iso`, in the largest unit that fits; the input itself when unreadable. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  let value = (at - now) / 1000;
  // A clock a little ahead of the browser's should not read "in 2 seconds".
  if (value > 0 && value < 60) value = 0;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit);
    value /= size;
  }
  return iso;
}
