// Usage tab: placeholder until the query charts land (their own issue).
import { useParams } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import { IconChart } from '../../ui/icons';

export function UsagePage() {
  const { zoneId = '' } = useParams();
  return (
    <section className="card" aria-label="Usage">
      <EmptyState
        icon={<IconChart width="28" height="28" />}
        title="Query statistics are on their way"
      >
        <p>
          Charts of this month’s DNS queries by record type arrive in an upcoming release. The
          counts are already available from the API: <code>/v1/zones/{zoneId}/usage</code>.
        </p>
      </EmptyState>
    </section>
  );
}
