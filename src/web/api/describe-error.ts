// Turns any error into words for a person: what happened and, for a 403, which scope is missing.
import { isApiError, type ApiError } from './api-error';

export interface ErrorDescription {
  title: string;
  message: string;
  requestId: string | null;
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "This needs the zones:write scope, which your API key does not have. …" */
export function scopeMessage(error: ApiError): string | null {
  if (error.status !== 403 || error.code === 'quota_exceeded') return null;
  const scopes = error.missingScopes;
  if (!scopes.length) return error.message;
  const what = `the ${list(scopes)} scope${scopes.length > 1 ? 's' : ''}`;
  return `This needs ${what}, which your API key does not have. Sign in with a key that has ${scopes.length > 1 ? 'them' : 'it'}, or ask your operator to add ${scopes.length > 1 ? 'them' : 'it'}.`;
}

/** Refusals whose status alone would be described wrongly (a quota is a 403, not a scope). */
const OWN_TITLES: Partial<Record<string, string>> = {
  quota_exceeded: 'Quota reached',
  rate_limited: 'Too many requests',
  storage_unavailable: 'The service cannot save right now',
};

export function describeError(error: unknown): ErrorDescription {
  if (!isApiError(error)) {
    return {
      title: 'Something went wrong',
      message: error instanceof Error ? error.message : String(error),
      requestId: null,
    };
  }
  const requestId = error.requestId;
  const own = OWN_TITLES[error.code];
  if (own) return { title: own, message: error.message, requestId };
  if (error.status === 403) {
    return { title: 'Missing permission', message: scopeMessage(error) ?? '', requestId };
  }
  if (error.code === 'network_error') {
    return { title: 'Cannot reach the service', message: error.message, requestId };
  }
  if (error.code === 'zone_not_found') {
    return {
      title: 'Zone not found',
      message: 'This zone does not exist, was deleted, or belongs to another account.',
      requestId,
    };
  }
  if (error.code === 'invalid_response') {
    return { title: 'Unexpected answer from the service', message: error.message, requestId };
  }
  if (error.status >= 500) {
    return { title: 'The service had a problem', message: error.message, requestId };
  }
  return { title: 'The request failed', message: error.message, requestId };
}
