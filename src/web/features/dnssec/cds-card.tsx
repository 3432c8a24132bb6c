// The CDS and CDNSKEY the zone publishes for its parent (RFC 7344), and the request to remove the
// DS (RFC 8078's delete signal): the safe first step before DNSSEC is turned off (ADR 0029).
import { useState } from 'react';
import { toast } from 'sonner';
import type { DnssecStatus } from '../../../shared/api/usage-dnssec';
import { type DsAnswer, useSetDsRemoval } from '../../api/dnssec';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { SettingsCard } from '../../ui/card';
import { CopyText } from '../../ui/copy-text';
import { FormAlert } from '../../ui/error-panel';
import { Time } from '../../ui/time';

interface CdsCardProps {
  zoneName: string;
  status: DnssecStatus;
  ds: DsAnswer;
}

export function CdsCard({ zoneName, status, ds }: CdsCardProps) {
  const change = useSetDsRemoval(status.zone_id);
  const [error, setError] = useState<unknown>(null);
  const since = status.ds_removal_requested_at;
  const cds = ds.cds_records[0];
  // The account's zone above, hosted here, takes the DS straight from this zone (ADR 0030).
  const hostedParent =
    ds.parent_zone && !ds.parent_zone.delegated_elsewhere && ds.parent_zone.enabled
      ? ds.parent_zone.name
      : null;
  if (!cds) return null; // a server that publishes none

  const request = (requested: boolean) => {
    if (change.isPending) return;
    setError(null);
    change.mutate(requested, {
      onSuccess: () =>
        toast.success(
          requested
            ? `${zoneName} now asks its parent to remove the DS.`
            : `${zoneName} publishes its DS as CDS again.`,
        ),
      onError: setError,
    });
  };

  return (
    <SettingsCard
      title="Automatic DS updates (CDS)"
      description={
        since ? (
          <>
            <Badge tone="warning">Removal requested</Badge> Since <Time iso={since} />, this zone
            asks its parent to remove the DS record. The zone stays signed meanwhile, so nothing
            breaks while the parent acts.
          </>
        ) : hostedParent ? (
          <>
            The zone also publishes its DS as CDS and CDNSKEY records, for parents that scan for
            them. {hostedParent}, hosted here, needs neither: it takes the DS from this zone as it
            changes.
          </>
        ) : (
          <>
            The zone also publishes its DS as CDS and CDNSKEY records. Registries that scan for them
            (such as .ch, .cz and .se) add or update the DS record by themselves; the others need
            the steps above.
          </>
        )
      }
    >
      {since ? (
        <ol className="ds-steps">
          <li>
            {hostedParent ? (
              <>
                <strong>{hostedParent}, hosted here, no longer lists a DS record</strong> for{' '}
                {zoneName}: it acted at once. This prints nothing:
              </>
            ) : (
              <>
                <strong>Wait until the parent no longer lists a DS record</strong> for {zoneName}. A
                registry that reads CDS acts within a few days; with any other, remove the DS record
                at your registrar yourself. This should then print nothing:
              </>
            )}
            <CopyText
              className="copy-text-box"
              command
              value={`dig +short DS ${zoneName}`}
              label="dig command"
            />
          </li>
          <li>
            <strong>Then wait a day more</strong> (the DS record’s TTL at the parent), and turn
            DNSSEC off above.
          </li>
        </ol>
      ) : (
        <>
          <p className="ds-block-label">CDS published at {zoneName}</p>
          <CopyText className="copy-text-box" value={cds} label="CDS record" />
          <p className="card-description">
            Before turning DNSSEC off, ask the parent to remove the DS record: the zone then
            publishes the delete signal (CDS 0 0 0 00) instead, while it stays signed.
          </p>
        </>
      )}
      <FormAlert error={error} />
      <div className="form-actions">
        {since ? (
          <Button className="btn-wrap" onClick={() => request(false)} busy={change.isPending}>
            Stop asking (publish the key’s CDS again)
          </Button>
        ) : (
          <Button className="btn-wrap" onClick={() => request(true)} busy={change.isPending}>
            Ask the parent to remove the DS
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}
