// Records tab: placeholder until the record editor lands (its own issue).
import { useParams } from 'react-router';
import { useZone } from '../../api/zones';
import { EmptyState } from '../../ui/empty-state';
import { IconList } from '../../ui/icons';
import { formatNumber } from '../../ui/format';

export function RecordsPage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const count = zone?.record_count;
  return (
    <section className="card" aria-label="Records">
      <EmptyState
        icon={<IconList width="28" height="28" />}
        title="The record editor is on its way"
      >
        <p>
          Adding and editing records of all 14 types arrives in an upcoming release.
          {count !== undefined &&
            ` This zone holds ${formatNumber(count)} record${count === 1 ? '' : 's'} today.`}
        </p>
        <p>
          Until then, manage records through the API: <code>/v1/zones/{zoneId}/records</code> (see{' '}
          <a href="/v1/openapi.json">the API reference</a>).
        </p>
      </EmptyState>
    </section>
  );
}
