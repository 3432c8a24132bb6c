// /zones/:zoneId and its tabs: the zone's header, then Overview, Records, Usage, DNSSEC or History.
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { describeError } from '../../api/describe-error';
import { useZone } from '../../api/zones';
import { Badge, StatusBadge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { DnsName } from '../../ui/dns-name';
import { ErrorPanel } from '../../ui/error-panel';
import { Loading, Skeleton } from '../../ui/skeleton';
import { ZoneDisabledBanner } from './zone-disabled-banner';

const TABS = [
  { to: '', label: 'Overview' },
  { to: 'records', label: 'Records' },
  { to: 'usage', label: 'Usage' },
  { to: 'dnssec', label: 'DNSSEC' },
  { to: 'history', label: 'History' },
];

function Breadcrumb({ name }: { name: string | null }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to="/">Zones</Link>
        </li>
        <li aria-current={name ? 'page' : undefined}>
          <span>{name ? <DnsName name={name} /> : '…'}</span>
        </li>
      </ol>
    </nav>
  );
}

/** `banner`: shown over every tab of the zone (the app puts the change watch's there). */
export function ZoneLayout({ banner }: { banner?: ReactNode } = {}) {
  const { zoneId = '' } = useParams();
  const query = useZone(zoneId);
  const tabs = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow screen the tab row scrolls: the open tab (History, the last) is brought into view.
  useEffect(() => {
    tabs.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, query.isSuccess]);

  if (query.isPending) {
    return (
      <Loading label="Loading zone">
        <Breadcrumb name={null} />
        <div className="page-header">
          <Skeleton width="16rem" height="2rem" />
        </div>
        <div className="grid-2">
          <div className="card card-pad">
            <Skeleton height="8rem" width="100%" />
          </div>
          <div className="card card-pad">
            <Skeleton height="8rem" width="100%" />
          </div>
        </div>
      </Loading>
    );
  }
  if (query.isError) {
    return (
      <>
        <title>Zone · Zonedeck</title>
        <Breadcrumb name="Zone" />
        {/* The page's heading is what went wrong; the panel below says it in full, visibly. */}
        <h1 className="sr-only">{describeError(query.error).title}</h1>
        <ErrorPanel
          error={query.error}
          // Retrying a zone that does not exist cannot help; everything else may pass.
          onRetry={
            isApiError(query.error) && query.error.status === 404
              ? undefined
              : () => void query.refetch()
          }
          retrying={query.isFetching}
        />
        <p>
          <Link className={buttonClass()} to="/">
            Back to zones
          </Link>
        </p>
      </>
    );
  }

  const zone = query.data;
  const base = `/zones/${encodeURIComponent(zone.id)}`;
  return (
    <>
      <title>{`${zone.name} · Zonedeck`}</title>
      <Breadcrumb name={zone.name} />
      <div className="page-header">
        <div className="page-header-text">
          <div className="page-header-title-row">
            <h1 className="page-title page-title-mono">
              <DnsName name={zone.name} />
            </h1>
            <StatusBadge status={zone.status} />
            {zone.dnssec_enabled && <Badge tone="accent">DNSSEC</Badge>}
          </div>
          <p className="page-description">
            {zone.region} · {zone.type} zone
          </p>
        </div>
      </div>
      <nav className="tabs" aria-label="Zone sections" ref={tabs}>
        {TABS.map((t) => (
          <NavLink key={t.label} to={t.to ? `${base}/${t.to}` : base} end className="tab">
            {t.label}
          </NavLink>
        ))}
      </nav>
      {zone.status === 'disabled' && <ZoneDisabledBanner zone={zone} />}
      {banner}
      <Outlet />
    </>
  );
}
