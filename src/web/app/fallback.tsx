import { Skeleton } from '../ui/skeleton';

/** Shown while the first page's code loads: the frame of the app, not a blank screen. */
export function ShellFallback() {
  return (
    <div className="shell" role="status" aria-busy="true" aria-label="Loading Zonedeck">
      <div className="topbar">
        <div className="topbar-inner">
          <Skeleton width="7rem" height="1.5rem" />
        </div>
      </div>
      <div className="main">
        <Skeleton width="10rem" height="2rem" />
        <div className="card card-pad" style={{ marginTop: '1.5rem' }}>
          <Skeleton width="100%" height="12rem" />
        </div>
      </div>
    </div>
  );
}
