// What a route shows when its code or rendering fails: never a blank screen.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClass } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

const isChunkError = (e: unknown) =>
  e instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(e.message);

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const stale = isChunkError(error);
  return (
    <div className="route-error" role="alert">
      <EmptyState
        level={1}
        title={stale ? 'Zonedeck was updated' : 'This page failed to load'}
        action={
          <>
            <Button variant="primary" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <a className={buttonClass()} href="/">
              All zones
            </a>
          </>
        }
      >
        {stale
          ? 'A newer version of the dashboard is on the server. Reload to use it.'
          : error instanceof Error
            ? error.message
            : 'An unexpected error occurred.'}
      </EmptyState>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <>
      <title>Not found · Zonedeck</title>
      <EmptyState
        level={1}
        title="Page not found"
        action={
          <Link className={buttonClass('primary')} to="/">
            All zones
          </Link>
        }
      >
        There is nothing at this address.
      </EmptyState>
    </>
  );
}
