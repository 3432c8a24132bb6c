// Dates and numbers for people, in the browser's locale.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

const valid = (iso: string) => !Number.isNaN(Date.parse(iso));

export const formatDateTime = (iso: string) => (valid(iso) ? dateTime.format(new Date(iso)) : iso);
export const formatDate = (iso: string) => (valid(iso) ? date.format(new Date(iso)) : iso);
export const formatNumber = (n: number) => number.format(n);

/** "3600 s (1 hour)": seconds with their everyday meaning. */
export function formatTtl(seconds: number): string {
  const units: Array<[number, string]> = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${formatNumber(seconds)} s (${n} ${name}${n === 1 ? '' : 's'})`;
    }
  }
  return `${formatNumber(seconds)} s`;
}
