// How the queries of the range were answered: every outcome with its count and share.
import type { OutcomeRow } from './usage-days';
import { ShareTable } from './share-table';

export function OutcomeTable({ rows }: { rows: OutcomeRow[] }) {
  return (
    <ShareTable
      caption="Queries by outcome"
      heading="Outcome"
      rows={rows.map((r) => ({ key: r.outcome, label: r.label, count: r.count, share: r.share }))}
    />
  );
}
