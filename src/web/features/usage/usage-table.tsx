import { type UsageRow } from './usage-rows';
import { ShareTable } from './share-table';

/** The chart's numbers as a table: for screen readers, and for copying. */
export function UsageTable({ rows, total }: { rows: UsageRow[]; total: number }) {
  return (
    <ShareTable
      caption="Queries by record type"
      heading="Type"
      total={total}
      rows={rows.map((r) => ({
        key: r.type,
        label: <span className="mono">{r.type}</span>,
        count: r.count,
        share: r.share,
      }))}
    />
  );
}
