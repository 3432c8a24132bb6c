// Dates and numbers for people, in the browser's locale.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

const valid = (iso: string) => !Number.isNaN(Date.parse(iso));

export const formatDateTime = (iso: string) => (valid(iso) ? dateTime.format(new Date(iso)) : iso);
export const formatDate = (iso: string) => (valid(iso) ? date.format(new Date(iso)) : iso);
export const formatNumber = (n: number) => number.format(n);

/** Each unit's names, one and several, in the two styles. */
const TTL_UNITS = [
  { seconds: 86400, long: ['day', 'days'], short: ['day', 'days'] },
  { seconds: 3600, long: ['hour', 'hours'], short: ['h', 'h'] },
  { seconds: 60, long: ['minute', 'minutes'], short: ['min', 'min'] },
] as const;

/**
 * A TTL for people: `long` (a form's hint) "3600 s (1 hour)", seconds with their everyday
 * meaning; `short` (a table cell, a preset) "1 h", "5 min", "2 days". A TTL that is no whole
 * number of minutes stays in seconds: "90 s".
 */
export function formatTtl(seconds: number, style: 'long' | 'short' = 'long'): string {
  const unit = TTL_UNITS.find((u) => seconds >= u.seconds && seconds % u.seconds === 0);
  if (!unit) return `${formatNumber(seconds)} s`;
  const n = seconds / unit.seconds;
  const name = `${n} ${unit[style][n === 1 ? 0 : 1]}`;
  return style === 'short' ? name : `${formatNumber(seconds)} s (${name})`;
}

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const dayAndClock = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** A moment to the second, "12:04:31", with the day in front when it is not today. */
export function formatClock(iso: string, now: number = Date.now()): string {
  if (!valid(iso)) return iso;
  const at = new Date(iso);
  return at.toDateString() === new Date(now).toDateString()
    ? clock.format(at)
    : dayAndClock.format(at);
}

/** A short delay: "0.8 s" (tenths below 10 s), "14 s", "3 min", "2 h", "3 days". */
export function formatDelay(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 9.95) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.round(s / 3600)} h`;
  const days = Math.round(s / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
