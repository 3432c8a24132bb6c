// Home page: the account's zones, paged by the API, with a filter over every zone of the account
// (read in pages of 100 once the account has more than the page shows).
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useEveryZone, useZones } from '../../api/zones';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatNumber } from '../../ui/format';
import { ErrorPanel } from '../../ui/error-panel';
import { IconGlobe, IconPlus } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { SearchBox } from '../../ui/search-box';
import { Loading } from '../../ui/skeleton';
import { useDialogParam } from '../../ui/use-dialog-param';
import { useZoneListParams } from './use-zone-list-params';
import { ZoneTable, ZoneTableSkeleton } from './zone-table';

// The form and its libraries load when the dialog first opens (or the button is pointed at).
const loadDialog = () => import('./create-zone-dialog');
const CreateZoneDialog = lazy(async () => ({ default: (await loadDialog()).CreateZoneDialog }));

export function ZoneListPage() {
  const { page, pageSize, filter, hrefFor, setPageSize, setFilter } = useZoneListParams();
  const query = useZones({ limit: pageSize, offset: (page - 1) * pageSize });
  const [createOpen, setCreateOpen] = useDialogParam('create-zone');

  const createButton = (label: string) => (
    <Button
      variant="primary"
      onClick={() => setCreateOpen(true)}
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
    >
      <IconPlus /> {label}
    </Button>
  );

  const data = query.data;
  const needle = filter.trim().toLowerCase();
  const total = data?.pagination.total ?? 0;
  // The account has more zones than this page: the filter looks through all of them, which
  // the API (no search by name) gives a page of 100 at a time.
  const searchAll = needle !== '' && data !== undefined && total > data.zones.length;
  const every = useEveryZone(searchAll);
  const matches = (z: { name: string }) => z.name.includes(needle);
  const shown = (searchAll ? (every.data ?? []) : (data?.zones ?? [])).filter(matches);
  const noMatch = (
    <EmptyState
      title="No zone matches"
      action={<Button onClick={() => setFilter('')}>Clear filter</Button>}
    >
      {total === 1 ? 'The zone does not have' : `None of the ${formatNumber(total)} zones has`} “
      {filter}” in its name.
    </EmptyState>
  );

  let body;
  if (query.isPending) {
    body = (
      <Loading label="Loading zones">
        <ZoneTableSkeleton rows={Math.min(pageSize, 8)} />
      </Loading>
    );
  } else if (query.isError) {
    body = (
      <ErrorPanel
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (total === 0) {
    body = (
      <EmptyState
        icon={<IconGlobe width="28" height="28" />}
        title="No zones yet"
        action={createButton('Create your first zone')}
      >
        A zone holds the DNS records of one domain. Create one, then point your domain’s nameservers
        at the ones it is given.
      </EmptyState>
    );
  } else if (searchAll && every.isPending) {
    body = (
      <Loading label={`Searching all ${formatNumber(total)} zones`}>
        <ZoneTableSkeleton rows={Math.min(pageSize, 8)} />
      </Loading>
    );
  } else if (searchAll && every.isError) {
    body = (
      <ErrorPanel
        error={every.error}
        onRetry={() => void every.refetch()}
        retrying={every.isFetching}
      />
    );
  } else if (searchAll) {
    body = shown.length ? (
      <ZoneTable zones={shown} busy={every.isFetching} caption="Zones matching the filter" />
    ) : (
      noMatch
    );
  } else if (data && data.zones.length === 0) {
    const last = Math.max(1, Math.ceil(total / pageSize));
    body = (
      <EmptyState
        title={`There is no page ${page}`}
        action={
          <Link className={buttonClass()} to={hrefFor(last)}>
            Go to page {last}
          </Link>
        }
      >
        The account has {total} zone{total === 1 ? '' : 's'}, which fit on {last} page
        {last === 1 ? '' : 's'}.
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = noMatch;
  } else {
    body = <ZoneTable zones={shown} busy={query.isPlaceholderData} />;
  }

  return (
    <>
      <title>Zones · Zonedeck</title>
      <PageHeader
        title="Zones"
        description="Each zone holds the DNS records of one domain."
        actions={createButton('Create zone')}
      />
      <section className="card" aria-label="Zone list">
        <div className="toolbar">
          <SearchBox label="Filter" placeholder="Zone name" value={filter} onChange={setFilter} />
        </div>
        {body}
        {searchAll && every.data && (
          <div className="pager">
            <p className="pager-summary" aria-live="polite">
              {`${formatNumber(shown.length)} of ${formatNumber(total)} zones match “${filter}”`}
            </p>
          </div>
        )}
        {data && total > 0 && !searchAll && (
          <Pager
            page={page}
            pageSize={pageSize}
            total={total}
            count={data.pagination.count}
            hasMore={data.pagination.has_more}
            hrefFor={hrefFor}
            onPageSizeChange={setPageSize}
            noun={total === 1 ? 'zone' : 'zones'}
          />
        )}
      </section>
      {createOpen && (
        <Suspense fallback={null}>
          <CreateZoneDialog open onOpenChange={setCreateOpen} />
        </Suspense>
      )}
    </>
  );
}
