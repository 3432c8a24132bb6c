import { formatDate, formatDateTime } from './format';

/** A timestamp shown in the local format, with the exact UTC value on hover and in the markup. */
export function Time({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  return (
    <time dateTime={iso} title={iso}>
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}
