// The most asked names of the range's last day and the names that got NXDOMAIN (a misspelled
// name or a missing record shows itself there). Counts come from a bounded sketch: a count that
// may be over is shown as the least it can be ("at least N"), with the most it can be beside it.
import type { TopName } from '../../../shared/api/usage-top-names';
import { isApiError } from '../../api/api-error';
import { useTopNames } from '../../api/usage';
import { ErrorPanel } from '../../ui/error-panel';
import { formatNumber } from '../../ui/format';
import { Skeleton } from '../../ui/skeleton';

function Count({ n }: { n: TopName }) {
  if (n.error === 0) return <>{formatNumber(n.queries)}</>;
  return (
    <>
      <span className="usage-top-least">at least {formatNumber(n.queries - n.error)}</span>{' '}
      <span className="usage-top-most small muted">(up to {formatNumber(n.queries)})</span>
    </>
  );
}

function NamesTable({
  id,
  title,
  names,
  none,
}: {
  id: string;
  title: string;
  names: TopName[];
  none: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 className="usage-subtitle" id={id}>
        {title}
      </h3>
      {names.length === 0 ? (
        <p className="small muted">{none}</p>
      ) : (
        <div className="table-wrap">
          <table className="table usage-table usage-top-table" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="num">
                  Queries
                </th>
              </tr>
            </thead>
            <tbody>
              {names.map((n) => (
                <tr key={n.name}>
                  <th scope="row" className="mono">
                    {n.name}
                  </th>
                  <td className="num">
                    <Count n={n} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function TopNames({ zoneId, date }: { zoneId: string; date: string }) {
  const top = useTopNames(zoneId, date);
  if (top.isPending)
    return (
      <div className="usage-top">
        <Skeleton width="100%" height="8rem" />
        <Skeleton width="100%" height="8rem" />
      </div>
    );
  if (top.isLoadingError) {
    const final = isApiError(top.error) && [403, 404].includes(top.error.status);
    return (
      <div className="usage-top-error">
        <ErrorPanel
          error={top.error}
          onRetry={final ? undefined : () => void top.refetch()}
          retrying={top.isFetching}
        />
      </div>
    );
  }
  const { asked, nxdomain } = top.data;
  return (
    <div className="usage-top">
      <NamesTable
        id="usage-top-asked"
        title={`Most asked names on ${date} (UTC)`}
        names={asked}
        none={`No queries were answered for this zone on ${date}.`}
      />
      <NamesTable
        id="usage-top-nxdomain"
        title={`Names that got NXDOMAIN on ${date} (UTC)`}
        names={nxdomain}
        none={`No name of this zone got NXDOMAIN on ${date}.`}
      />
      {[...asked, ...nxdomain].some((n) => n.error > 0) && (
        <p className="small muted usage-note usage-top-note">
          On a day with many distinct names the counts come from a bounded summary: “at least” is
          what was surely counted, and any name asked more than 1 in 64 of the day’s queries is
          always listed.
        </p>
      )}
    </div>
  );
}
