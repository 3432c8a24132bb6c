import type { ReactNode } from 'react';
import { REGION_MEANING, type Region } from '../../../shared/api/zones';
import type { Zone } from '../../../shared/api/zones';
import { HeaderCard } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { formatNumber, formatTtl } from '../../ui/format';
import { Time } from '../../ui/time';

/** What the service says about the zone, as a description list. */
export function ZoneFactsCard({ zone }: { zone: Zone }) {
  const rows: Array<[string, ReactNode]> = [
    [
      'Status',
      zone.status === 'active' ? 'Active' : zone.status === 'disabled' ? 'Disabled' : zone.status,
    ],
    [
      'Region',
      <>
        {zone.region}
        {REGION_MEANING[zone.region as Region] && (
          <span className="dd-hint">{REGION_MEANING[zone.region as Region]}</span>
        )}
      </>,
    ],
    ['Type', zone.type],
    ['Default TTL', formatTtl(zone.ttl)],
    ['DNSSEC', zone.dnssec_enabled ? 'Enabled' : 'Disabled'],
    ...(zone.record_count === undefined
      ? []
      : [['Records', formatNumber(zone.record_count)] as [string, ReactNode]]),
    ['Created', <Time key="c" iso={zone.created_at} />],
    ['Updated', <Time key="u" iso={zone.updated_at} />],
    [
      'Zone ID',
      <span key="id" className="dd-copy">
        <code>{zone.id}</code>
        <CopyButton value={zone.id} label="zone ID" showText={false} />
      </span>,
    ],
  ];
  return (
    <HeaderCard title="Details">
      <dl className="facts">
        {rows.map(([term, value]) => (
          <div key={term} className="facts-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </HeaderCard>
  );
}
