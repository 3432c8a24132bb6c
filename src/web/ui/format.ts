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
