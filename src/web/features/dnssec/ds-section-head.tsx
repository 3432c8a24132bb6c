// The head of the DS section: who publishes the DS and what the user does with it. Usually the
// registrar, by hand (with the steps); for a zone hosted below another zone of the account, that
// zone publishes it itself (ADR 0030), and the user has nothing to copy.
import { Link } from 'react-router';
import type { DsAnswer } from '../../../shared/api/usage-dnssec';
import { IconAlert, IconCheck } from '../../ui/icons';
import { DsSteps } from './ds-steps';

type Parent = NonNullable<DsAnswer['parent_zone']>;

/** A link to one of the parent zone's tabs, named for where it goes. */
function ParentLink({ parent, to }: { parent: Parent; to: 'dnssec' | 'records' | '' }) {
  const tab = { dnssec: 'DNSSEC', records: 'records', '': 'overview' }[to];
  return (
    <Link
      to={`/zones/${encodeURIComponent(parent.zone_id)}${to ? `/${to}` : ''}`}
      aria-label={`${parent.name} (${tab})`}
    >
      {parent.name}
    </Link>
  );
}

/** Why a hosted parent does not publish the DS now, and what changes that. */
function ParentNote({ parent, zoneName }: { parent: Parent; zoneName: string }) {
  const body = parent.delegated_elsewhere ? (
    <>
      <p className="callout-title">
        {parent.name} is hosted here, but sends {zoneName} to other nameservers
      </p>
      <p>
        NS records at {zoneName} in <ParentLink parent={parent} to="records" /> name other servers,
        so it publishes no DS for this zone. Delete them there to serve this zone from here, with
        its DS published by {parent.name}; or give the DS below to whoever runs those servers.
      </p>
    </>
  ) : parent.enabled ? (
    <>
      <p className="callout-title">{parent.name} is hosted here</p>
      <p>
        It publishes this zone’s DS itself while this zone is signed. See{' '}
        <ParentLink parent={parent} to="dnssec" />.
      </p>
    </>
  ) : (
    <>
      <p className="callout-title">{parent.name} is hosted here, but disabled</p>
      <p>
        Once <ParentLink parent={parent} to="" /> is enabled again it publishes this zone’s DS
        itself.
      </p>
    </>
  );
  return (
    <div className="callout callout-warning">
      <IconAlert className="callout-icon" width="20" height="20" />
      <div className="callout-body">{body}</div>
    </div>
  );
}

export function DsSectionHead({
  zoneName,
  parent,
  removing,
}: {
  zoneName: string;
  parent: Parent | null;
  removing: boolean;
}) {
  if (removing) {
    const withdrawn = parent && !parent.delegated_elsewhere && parent.enabled;
    return (
      <div className="section-head">
        <h2 className="section-title" id="ds-title">
          {withdrawn
            ? `DS records ${parent.name} withdrew`
            : 'DS records the parent may still hold'}
        </h2>
        <p className="card-description">
          {withdrawn ? (
            <>
              <ParentLink parent={parent} to="dnssec" />, hosted here, withdrew this zone’s DS as
              soon as it was asked. Resolvers that fetched it may keep it until its TTL runs out.
            </>
          ) : (
            <>
              The zone asks its parent to remove these (see Automatic DS updates below). Do not add
              them at your registrar again unless you stop asking.
            </>
          )}
        </p>
      </div>
    );
  }
  if (parent?.holds_ds) {
    return (
      <>
        <div className="section-head">
          <h2 className="section-title" id="ds-title">
            DS record published by {parent.name}
          </h2>
          <p className="card-description">
            <ParentLink parent={parent} to="dnssec" />, the zone above this one, is hosted here too:
            it delegates to {zoneName} and publishes this DS itself, so there is nothing to give a
            registrar. The chain of trust reaches this zone wherever {parent.name} is trusted.
          </p>
        </div>
        {parent.signed ? (
          <div className="callout callout-info">
            <IconCheck className="callout-icon" width="20" height="20" />
            <div className="callout-body">
              <p>
                {parent.name} is signed: once its own DS is at its registrar, resolvers validate
                this zone too.
              </p>
            </div>
          </div>
        ) : (
          <div className="callout callout-warning">
            <IconAlert className="callout-icon" width="20" height="20" />
            <div className="callout-body">
              <p className="callout-title">{parent.name} is not signed</p>
              <p>
                Resolvers can only follow the DS from a signed parent. Turn DNSSEC on in{' '}
                <ParentLink parent={parent} to="dnssec" /> and give its DS to its registrar.
              </p>
            </div>
          </div>
        )}
      </>
    );
  }
  return (
    <>
      <div className="section-head">
        <h2 className="section-title" id="ds-title">
          DS records for your registrar
        </h2>
        <p className="card-description">
          The DS record links the parent zone to this zone’s key and completes the chain of trust.
          Until your registrar publishes it, resolvers treat the zone as unsigned.
        </p>
      </div>
      {parent && <ParentNote parent={parent} zoneName={zoneName} />}
      <DsSteps zoneName={zoneName} />
    </>
  );
}
