// After a zone is made from a zone file: what was taken of the file, and the lines left out and
// why (the SOA and apex NS the service makes itself, DNSSEC records it signs itself, names
// another hosted zone answers for...), over the new zone's tabs, so that no line of the file goes
// without a word. It rides on the navigation's state: shown once, until dismissed or left.
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ZoneFileSummary } from '../../../shared/api/zone-file';
import { Button } from '../../ui/button';
import { formatNumber } from '../../ui/format';
import { IconAlert, IconX } from '../../ui/icons';
import { SkippedList } from '../../ui/skipped-list';

/** The navigation state the create dialog leaves for the new zone's page. */
export interface ZoneFileState {
  zoneFile: ZoneFileSummary;
}

function zoneFileOf(state: unknown): ZoneFileSummary | undefined {
  return state && typeof state === 'object' && 'zoneFile' in state
    ? (state as ZoneFileState).zoneFile
    : undefined;
}

const lines = (n: number) => `${formatNumber(n)} ${n === 1 ? 'line' : 'lines'}`;

export function ZoneFileBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const summary = zoneFileOf(location.state);
  if (!summary || (!summary.skipped.length && !summary.warnings.length)) return null;
  const { records_read: read, skipped, warnings } = summary;
  const dismiss = () =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  return (
    <div className="watch-banners">
      <section
        className="callout callout-warning watch-banner zone-file-banner"
        aria-labelledby={titleId}
      >
        <IconAlert className="callout-icon" aria-hidden="true" />
        <div className="callout-body">
          <p className="callout-title" id={titleId}>
            From your zone file: {formatNumber(read)} {read === 1 ? 'record' : 'records'} read
            {skipped.length > 0 && `, ${lines(skipped.length)} left out`}
            {warnings.length > 0 && `, ${formatNumber(warnings.length)} to check`}
          </p>
          {skipped.length > 0 && <SkippedList skipped={skipped} />}
          {warnings.length > 0 && (
            <ul className="zone-file-warnings">
              {warnings.map((w, i) => (
                <li key={`${w.line}:${i}`}>
                  <span className="zf-line">Line {formatNumber(w.line)}</span> {w.message}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="watch-banner-close"
          onClick={dismiss}
          aria-label="Dismiss what was taken of the zone file"
        >
          <IconX aria-hidden="true" />
        </Button>
      </section>
    </div>
  );
}
