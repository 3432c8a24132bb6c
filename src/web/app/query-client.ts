// The app's one QueryClient. Its global handler deals with 401 only: the session ends and the
// shell sends the user to sign in (form drafts are kept). Every other error is shown where it happened.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { session } from '../api/session';

function onError(error: unknown) {
  if (isApiError(error) && error.status === 401) {
    session.expire(
      error.code === 'unauthorized'
        ? error.message
        : 'The service did not accept your API key. Sign in again.',
    );
  }
}

/** Unreachable service and 5xx are worth two more tries; a 4xx answer will not change. */
function retry(failures: number, error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500) && failures < 2;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
