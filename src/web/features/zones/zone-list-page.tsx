// Home page: the account's zones, paged by the API, with a filter by name that the API applies to
// every zone of the account (GET /v1/zones?name=), its matches paged in turn.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MAX_NAME_LENGTH } from '../../../shared/dns/labels';
import { useZones } from '../../api/zones';
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
import { useDebouncedValue } from './use-debounced-value';
import { useZoneListParams, zoneListRequests } from './use-zone-list-params';
import { ZoneTable, ZoneTableSkeleton } from './zone-table';

// The form and its libraries load when the dialog first opens (or the button is pointed at).
const loadDialog = () => import('./create-zone-dialog');
const CreateZoneDialog = lazy(async () => ({ default: (await loadDialog()).CreateZoneDialog }));

/** How long the filter waits for typing to pause before it asks the service. */
const FILTER_DELAY_MS = 250;

export function ZoneListPage() {
  const { page, pageSize, filter, hrefFor, setPageSize, setFilter } = useZoneListParams();
  const needle = useDebouncedValue(filter.trim(), FILTER_DELAY_MS);
  const asked = zoneListRequests(page, pageSize, needle);
  const { filtering, tooLong } = asked;
  // The account's total ("N of M zones match", "No zones yet") comes from the first.
  const account = useZones(asked.account);
  const matching = useZones(asked.matching, asked.matches);
  const query = filtering ? matching : account;
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

  const total = account.data?.pagination.total ?? 0;
  const data = query.data;
  const listed = data?.pagination.total ?? 0;
  const skeleton = (label: string) => (
    <Loading label={label}>
      <ZoneTableSkeleton rows={Math.min(pageSize, 8)} />
    </Loading>
  );
  const errorOf = (q: typeof query) => (
    <ErrorPanel error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
  );

  let body;
  if (account.isPending) {
    body = skeleton('Loading zones');
  } else if (account.isError) {
    body = errorOf(account);
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
  } else if (filtering && tooLong) {
    body = (
      <EmptyState
        title="No zone matches"
        action={<Button onClick={() => setFilter('')}>Clear filter</Button>}
      >
        A zone name has at most {MAX_NAME_LENGTH} characters, and this filter has{' '}
        {formatNumber(needle.length)}.
      </EmptyState>
    );
  } else if (filtering && (matching.isPending || (matching.isPlaceholderData && listed === 0))) {
    // Placeholder data is the previous filter's answer: "no match" would be about another needle.
    body = skeleton(`Searching all ${formatNumber(total)} zones`);
  } else if (filtering && matching.isError) {
    body = errorOf(matching);
  } else if (filtering && listed === 0) {
    body = (
      <EmptyState
        title="No zone matches"
        action={<Button onClick={() => setFilter('')}>Clear filter</Button>}
      >
        {total === 1 ? 'The zone does not have' : `None of the ${formatNumber(total)} zones has`} “
        {needle}” in its name.
      </EmptyState>
    );
  } else if (data && data.zones.length === 0) {
    const last = Math.max(1, Math.ceil(listed / pageSize));
    body = (
      <EmptyState
        title={`There is no page ${page}`}
        action={
          <Link className={buttonClass()} to={hrefFor(last)}>
            Go to page {last}
          </Link>
        }
      >
        {filtering
          ? `${formatNumber(listed)} zone${listed === 1 ? '' : 's'} match “${needle}”, which fit`
          : `The account has ${listed} zone${listed === 1 ? '' : 's'}, which fit`}{' '}
        on {last} page{last === 1 ? '' : 's'}.
      </EmptyState>
    );
  } else if (data) {
    body = (
      <ZoneTable
        zones={data.zones}
        // Old rows while the next page or the filter as now typed is on its way.
        busy={query.isPlaceholderData || filter.trim() !== needle}
        {...(filtering ? { caption: 'Zones matching the filter' } : {})}
      />
    );
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
        {filtering && total > 0 && data && listed > 0 && !matching.isPlaceholderData && (
          <div className="pager">
            <p className="pager-summary" aria-live="polite">
              {`${formatNumber(listed)} of ${formatNumber(total)} zones match “${needle}”`}
            </p>
          </div>
        )}
        {total > 0 && data && listed > 0 && (!filtering || listed > pageSize) && (
          <Pager
            page={page}
            pageSize={pageSize}
            total={listed}
            count={data.pagination.count}
            hasMore={data.pagination.has_more}
            hrefFor={hrefFor}
            onPageSizeChange={setPageSize}
            noun={filtering ? 'matching zones' : listed === 1 ? 'zone' : 'zones'}
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
