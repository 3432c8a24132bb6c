// The zones of the account hosted below this one (ADR 0030): this zone delegates to each and
// publishes its DS while it is signed, and records for their names belong in them. Shown only
// when there are some; found with the service's name filter, one request.
import { Link } from 'react-router';
import type { Zone } from '../../../shared/api/zones';
import { useZones } from '../../api/zones';
import { Badge } from '../../ui/badge';
import { HeaderCard } from '../../ui/card';

const SHOWN = 50;

export function ChildZonesCard({ zone }: { zone: Zone }) {
  const suffix = `.${zone.name}`;
  const { data } = useZones({ limit: SHOWN, offset: 0, name: suffix });
  if (!data) return null;
  const below = data.zones.filter((z) => z.name.endsWith(suffix));
  // Only the nearest: a zone below another listed one is that one's child.
  const children = below.filter(
    (z) => !below.some((other) => other !== z && z.name.endsWith(`.${other.name}`)),
  );
  if (!children.length) return null;
  const more = data.pagination.total > data.zones.length;
  return (
    <HeaderCard
      title="Zones hosted below"
      description={`${zone.name} delegates to each of these zones and publishes the DS record of each one that is signed (its DNSSEC tab says so), so resolvers follow the chain of trust into it. Records for their names go into them, not here.`}
    >
      <ul className="child-zones">
        {children.map((z) => (
          <li key={z.id} className="child-zone">
            <Link to={`/zones/${encodeURIComponent(z.id)}/dnssec`}>{z.name}</Link>
            {z.settings.dnssec_enabled ? (
              <Badge tone="success">Signed</Badge>
            ) : (
              <Badge>Unsigned</Badge>
            )}
          </li>
        ))}
      </ul>
      {more && (
        <p className="card-pad muted child-zones-more">
          <Link to={`/?q=${encodeURIComponent(suffix)}`}>
            All zones whose name ends in {suffix}
          </Link>
        </p>
      )}
    </HeaderCard>
  );
}
