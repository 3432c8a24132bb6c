// Over every tab of a disabled zone: nothing of it is answered (REFUSED), whatever its records'
// switches say, and the way to enable it is one click away.
import { useState } from 'react';
import { toast } from 'sonner';
import type { Zone } from '../../../shared/api/zones';
import { useUpdateZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/error-panel';
import { IconAlert, IconPower } from '../../ui/icons';

export function ZoneDisabledBanner({ zone }: { zone: Zone }) {
  const update = useUpdateZone(zone.id);
  const [error, setError] = useState<unknown>(null);
  const titleId = `zone-disabled-${zone.id}`;
  const enable = () => {
    setError(null);
    update.mutate(
      { status: 'active' },
      {
        onSuccess: () => toast.success(`${zone.name} is active again`),
        onError: setError,
      },
    );
  };
  return (
    <section className="callout callout-warning zone-disabled-banner" aria-labelledby={titleId}>
      <IconAlert className="callout-icon" aria-hidden="true" />
      <div className="callout-body">
        <p className="callout-title" id={titleId}>
          This zone is disabled: nothing of it is served
        </p>
        <p>
          Its nameservers answer REFUSED for every name in the zone, whatever the switches of its
          records say. Records are kept and stay editable; enable the zone to serve them again.
        </p>
        <FormAlert error={error} />
        <Button
          size="sm"
          variant="primary"
          onClick={enable}
          busy={update.isPending}
          disabled={update.isPending}
        >
          <IconPower /> Enable zone
        </Button>
      </div>
    </section>
  );
}
