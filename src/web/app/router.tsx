// Routes. Pages load lazily; their loaders start the data requests at the same time as the code.
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { session } from '../api/session';
import { zoneListQuery, zoneQuery } from '../api/zones';
import { parseZoneListSearch, zoneListRequests } from '../features/zones/use-zone-list-params';
import { ShellFallback } from './fallback';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { NotFoundPage, RouteError } from './route-error';

/** Starts a query without waiting for it; the page shows its own loading and error states. */
function prefetch(run: () => Promise<unknown>) {
  if (session.get()) void run().catch(() => undefined);
  return null;
}

export const router = createBrowserRouter([
  {
    path: '/sign-in',
    HydrateFallback: ShellFallback,
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: (await import('../features/auth/sign-in-page')).SignInPage }),
  },
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: ShellFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        ErrorBoundary: RouteError,
        loader: ({ request }: LoaderFunctionArgs) =>
          prefetch(() => {
            // What the page will ask, filter included (a link or a reload with ?q=).
            const { page, pageSize, filter } = parseZoneListSearch(
              new URL(request.url).searchParams,
            );
            const asked = zoneListRequests(page, pageSize, filter.trim());
            return Promise.all([
              queryClient.prefetchQuery(zoneListQuery(asked.account)),
              asked.matches ? queryClient.prefetchQuery(zoneListQuery(asked.matching)) : null,
            ]);
          }),
        lazy: async () => ({
          Component: (await import('../features/zones/zone-list-page')).ZoneListPage,
        }),
      },
      {
        path: 'zones/:zoneId',
        ErrorBoundary: RouteError,
        loader: ({ params }: LoaderFunctionArgs) =>
          prefetch(() => queryClient.prefetchQuery(zoneQuery(params.zoneId ?? ''))),
        // The zone's frame, with the change watch's banner over its tabs.
        lazy: async () => {
          const [{ ZoneLayout }, { WatchBanner }, { ZoneFileBanner }] = await Promise.all([
            import('../features/zones/zone-layout'),
            import('../features/history/watch-banner'),
            import('../features/zones/zone-file-banner'),
          ]);
          return {
            Component: () => (
              <ZoneLayout
                banner={
                  <>
                    <ZoneFileBanner />
                    <WatchBanner />
                  </>
                }
              />
            ),
          };
        },
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/zones/zone-overview-page')).ZoneOverviewPage,
            }),
          },
          {
            path: 'records',
            // The first page of records is asked for while the page's code loads (the module is
            // imported here, not at the top: it stays out of the zone list's bundle).
            loader: ({ params }: LoaderFunctionArgs) =>
              prefetch(async () => {
                const { recordListQuery } = await import('../api/records');
                return queryClient.prefetchQuery(recordListQuery(params.zoneId ?? ''));
              }),
            lazy: async () => ({
              Component: (await import('../features/records/records-page')).RecordsPage,
            }),
            children: [
              {
                // The import dialog, over the records page (its code loads when it opens).
                path: 'import',
                lazy: async () => ({
                  Component: (await import('../features/zone-import/import-route')).ImportRoute,
                }),
              },
            ],
          },
          {
            path: 'usage',
            lazy: async () => ({
              Component: (await import('../features/usage/usage-page')).UsagePage,
            }),
          },
          {
            path: 'dnssec',
            lazy: async () => ({
              Component: (await import('../features/dnssec/dnssec-page')).DnssecPage,
            }),
          },
          {
            path: 'history',
            // The page of changes in the URL is asked for while the tab's code loads.
            loader: ({ params, request }: LoaderFunctionArgs) =>
              prefetch(async () => {
                const [{ changeListQuery }, { parseHistorySearch }] = await Promise.all([
                  import('../api/changes'),
                  import('../features/history/use-history-params'),
                ]);
                const { page, pageSize } = parseHistorySearch(new URL(request.url).searchParams);
                return queryClient.prefetchQuery(
                  changeListQuery(params.zoneId ?? '', {
                    limit: pageSize,
                    offset: (page - 1) * pageSize,
                  }),
                );
              }),
            lazy: async () => ({
              Component: (await import('../features/history/history-page')).HistoryPage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/zones/zone-section-not-found'))
                .ZoneSectionNotFound,
            }),
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
