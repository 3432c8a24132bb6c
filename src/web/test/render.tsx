// Renders a component as the app does: a fresh QueryClient and a router around it, signed in,
// with `fetch` answering from the given handler (the real client, ApiError and parsers run).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { session } from '../api/session';

export type FetchHandler = (req: {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}) => {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
};

/** Replaces `fetch`; returns the mock so that tests can see what was sent. */
export function answerFetch(handler: FetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = new Headers(init?.headers);
    const res = handler({ method: init?.method ?? 'GET', url: String(input), body, headers });
    return new Response(JSON.stringify(res.body), {
      status: res.status,
      headers: { 'Content-Type': 'application/json', 'X-Request-ID': 'req-test', ...res.headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const errorBody = (code: string, message: string, details?: Record<string, unknown>) => ({
  status: 'error',
  error: { code, message, ...(details ? { details } : {}) },
});

/**
 * Renders `ui` signed in, with a fresh QueryClient, under a router: at `path` (a route pattern
 * such as `/zones/:zoneId/usage`) opened at `url`, or at every path when none is given.
 */
export function renderApp(ui: ReactNode, route: { path: string; url: string } | null = null) {
  session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: route?.path ?? '*', element: ui }],
    route ? { initialEntries: [route.url] } : {},
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
