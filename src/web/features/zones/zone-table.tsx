// The zones of one page as a table; on narrow screens each row becomes a card (CSS).
import { Link } from 'react-router';
import type { ZoneList } from '../../api/zone-list-parser';
import { Badge, StatusBadge } from '../../ui/badge';
import { TableHead, TableSkeleton } from '../../ui/table';
import { Time } from '../../ui/time';

type ZoneRow = ZoneList['zones'][number];
const COLUMNS = ['Name', 'Region', 'Status', 'DNSSEC', 'Created'] as const;

interface ZoneTableProps {
  zones: ZoneRow[];
  busy: boolean;
  /** What the rows are, for screen readers: the page's zones unless said otherwise. */
  caption?: string;
}

export function ZoneTable({ zones, busy, caption = 'Zones on this page' }: ZoneTableProps) {
  return (
    <div className="table-wrap">
      <table className="table table-responsive" aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {zones.map((z) => (
            <tr key={z.id}>
              <th scope="row" data-label="Name" className="cell-name">
                <Link to={`/zones/${encodeURIComponent(z.id)}`} className="zone-link">
                  {z.name}
                </Link>
              </th>
              <td data-label="Region">
                <span className="region">{z.region}</span>
              </td>
              <td data-label="Status">
                <StatusBadge status={z.status} />
              </td>
              <td data-label="DNSSEC">
                {z.settings.dnssec_enabled ? <Badge tone="accent">On</Badge> : <Badge>Off</Badge>}
              </td>
              <td data-label="Created" className="muted nowrap">
                <Time iso={z.created_at} withTime={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ZoneTableSkeleton({ rows }: { rows: number }) {
  return (
    <TableSkeleton
      className="table-responsive"
      head={<TableHead columns={COLUMNS} />}
      rows={rows}
      widths={(i) => [`${40 + ((i * 37) % 35)}%`, '5rem', '4.5rem', '2.5rem', '6rem']}
    />
  );
}
