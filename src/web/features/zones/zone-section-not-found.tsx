// /zones/:zoneId/<anything else>: said inside the zone (its name and tabs stay), with the way to
// its Overview, instead of the app's bare "Page not found" that lost which zone it was.
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';

export function ZoneSectionNotFound() {
  const { zoneId = '' } = useParams();
  return (
    <section className="card" aria-label="Not found">
      <EmptyState
        title="No such section"
        action={
          <Link className={buttonClass('primary')} to={`/zones/${encodeURIComponent(zoneId)}`}>
            Go to Overview
          </Link>
        }
      >
        A zone has Overview, Records, Usage, DNSSEC and History: pick one of the tabs above.
      </EmptyState>
    </section>
  );
}
