// No queries yet: say so plainly, and how to send one (to the service's DNS server when
// /service.json names it, else to the zone's first nameserver).
import { useServiceInfo } from '../../api/usage';
import { CopyText } from '../../ui/copy-text';
import { EmptyState } from '../../ui/empty-state';
import { IconChart } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { digCommand } from './usage-rows';

export function UsageEmpty({ zone, nameservers }: { zone: string; nameservers: string[] }) {
  const service = useServiceInfo();
  return (
    <EmptyState icon={<IconChart width="28" height="28" />} title="No queries this month">
      <p>
        The DNS server has answered no query for <strong className="mono">{zone}</strong> since the
        month began (UTC). Counts appear here as soon as it does.
      </p>
      <p>Here is how to test it:</p>
      {service.isPending ? (
        <Skeleton width="18rem" height="2.25rem" />
      ) : (
        <CopyText
          className="usage-dig"
          value={digCommand(zone, service.data?.dns ?? null, nameservers, window.location.hostname)}
          label="dig command"
        />
      )}
      <p className="small">The page refreshes every 30 seconds, or use Refresh above.</p>
    </EmptyState>
  );
}
