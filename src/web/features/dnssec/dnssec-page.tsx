// DNSSEC tab: placeholder until the DNSSEC panel lands (its own issue); shows the current state.
import { useParams } from 'react-router';
import { useZone } from '../../api/zones';
import { EmptyState } from '../../ui/empty-state';
import { IconShield } from '../../ui/icons';

export function DnssecPage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  return (
    <section className="card" aria-label="DNSSEC">
      <EmptyState
        icon={<IconShield width="28" height="28" />}
        title="The DNSSEC panel is on its way"
      >
        {zone && (
          <p>
            DNSSEC is <strong>{zone.dnssec_enabled ? 'enabled' : 'disabled'}</strong> for this zone.
          </p>
        )}
        <p>
          Switching DNSSEC and copying the DS records for your registrar arrive in an upcoming
          release. Until then, use the API: <code>/v1/zones/{zoneId}/dnssec/status</code> and{' '}
          <code>/v1/zones/{zoneId}/dnssec/ds</code>.
        </p>
      </EmptyState>
    </section>
  );
}
