// DNSSEC tab: the state and its switch, then (while on) the DS records for the registrar with
// the steps to take (or the hosted parent zone that publishes them, ADR 0030), and the signing
// keys. State, keys and DS load side by side.
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { type DsAnswer, useCryptokeys, useDnssecStatus, useDsRecords } from '../../api/dnssec';
import { useZone } from '../../api/zones';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { IconShield } from '../../ui/icons';
import { Loading, Skeleton } from '../../ui/skeleton';
import { CdsCard } from './cds-card';
import { CryptokeysCard } from './cryptokeys-card';
import { DnssecStatusCard } from './dnssec-status-card';
import { DsRecordCard } from './ds-record-card';
import { DsSectionHead } from './ds-section-head';

function LoadingCard({ label }: { label: string }) {
  return (
    <Loading label={label}>
      <div className="card card-pad">
        <Skeleton width="12rem" height="1.25rem" />
        <Skeleton width="100%" height="6rem" />
      </div>
    </Loading>
  );
}

/** A failed load, with Retry unless retrying cannot help (a missing scope, no such zone). */
function LoadError({ error, retry, busy }: { error: unknown; retry: () => void; busy: boolean }) {
  const final = isApiError(error) && [403, 404].includes(error.status);
  return (
    <div className="card">
      <ErrorPanel error={error} onRetry={final ? undefined : retry} retrying={busy} />
    </div>
  );
}

/** The hosted parent zone that publishes (or, once signed, will publish) the DS itself. */
function publishingParent(parent: DsAnswer['parent_zone'] | undefined): string | null {
  return parent && !parent.delegated_elsewhere && parent.enabled ? parent.name : null;
}

export function DnssecPage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const status = useDnssecStatus(zoneId);
  const keys = useCryptokeys(zoneId);
  const ds = useDsRecords(zoneId);

  // The zone layout has loaded the zone already; its name goes into the zone-file lines.
  if (status.isPending || !zone) return <LoadingCard label="Loading DNSSEC state" />;
  if (status.isError) {
    return (
      <LoadError
        error={status.error}
        retry={() => void status.refetch()}
        busy={status.isFetching}
      />
    );
  }

  const on = status.data.enabled;
  const removing = status.data.ds_removal_requested_at !== null;
  const zoneName = zone.name;
  return (
    <div className="dnssec-page">
      <DnssecStatusCard
        zoneName={zoneName}
        status={status.data}
        dsFromParent={publishingParent(ds.data?.parent_zone)}
        parentSigned={ds.data?.parent_zone?.signed ?? false}
      />
      {!on ? (
        <section className="card" aria-label="Keys and DS records">
          <EmptyState icon={<IconShield width="28" height="28" />} title="No keys, no DS records">
            <p>
              While DNSSEC is off the zone has no signing keys, so there is nothing to give your
              registrar. Turn DNSSEC on to create a key; its DS records appear here.
            </p>
          </EmptyState>
        </section>
      ) : (
        <>
          <section className="dnssec-ds" aria-labelledby="ds-title">
            {ds.isPending ? (
              <>
                <h2 className="section-title" id="ds-title">
                  DS records
                </h2>
                <LoadingCard label="Loading DS records" />
              </>
            ) : ds.isError ? (
              <>
                <h2 className="section-title" id="ds-title">
                  DS records
                </h2>
                <LoadError error={ds.error} retry={() => void ds.refetch()} busy={ds.isFetching} />
              </>
            ) : (
              <>
                <DsSectionHead
                  zoneName={zoneName}
                  parent={ds.data.parent_zone}
                  removing={removing}
                />
                {ds.data.ds_records.length === 0 ? (
                  <p className="card card-pad muted">The service reported no DS records yet.</p>
                ) : (
                  <div className="ds-grid">
                    {ds.data.ds_records.map((record) => (
                      <DsRecordCard key={record} zoneName={zoneName} record={record} />
                    ))}
                  </div>
                )}
              </>
            )}
          </section>
          {ds.isSuccess && <CdsCard zoneName={zoneName} status={status.data} ds={ds.data} />}
          {keys.isPending ? (
            <LoadingCard label="Loading signing keys" />
          ) : keys.isError ? (
            <LoadError
              error={keys.error}
              retry={() => void keys.refetch()}
              busy={keys.isFetching}
            />
          ) : (
            <CryptokeysCard keys={keys.data} />
          )}
        </>
      )}
    </div>
  );
}
