// The zone's Overview tab: nameservers, facts, secondaries, the zones hosted below it, default
// TTL, status and deletion.
import { useParams } from 'react-router';
import { useZone } from '../../api/zones';
import { ChildZonesCard } from './child-zones-card';
import { DeleteZoneCard } from './delete-zone-card';
import { NameserversCard } from './nameservers-card';
import { SecondariesCard } from './secondaries-card';
import { ZoneFactsCard } from './zone-facts-card';
import { ZoneStatusCard } from './zone-status-card';
import { ZoneTtlCard } from './zone-ttl-card';

export function ZoneOverviewPage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  if (!zone) return null; // the layout shows loading and errors
  return (
    <div className="overview">
      <div className="overview-main">
        <NameserversCard nameservers={zone.nameservers} />
        <ZoneFactsCard zone={zone} />
        <SecondariesCard zoneId={zone.id} />
        <ChildZonesCard zone={zone} />
      </div>
      <div className="overview-side">
        <ZoneTtlCard key={zone.id} zone={zone} />
        <ZoneStatusCard zone={zone} />
        <DeleteZoneCard zone={zone} />
      </div>
    </div>
  );
}
