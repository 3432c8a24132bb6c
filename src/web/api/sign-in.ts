// Signing in: the key is tried against the service before it is kept.
import { isApiError } from './api-error';
import { apiRequest } from './client';
import type { Session } from './session';
import { zoneListParser } from './zone-list-parser';

/**
 * Resolves when the service accepts the key. A 403 also counts: the key is genuine, it only
 * lacks zones:read, and the pages say so where it matters.
 */
export async function checkKey(creds: Session): Promise<void> {
  try {
    await apiRequest('/v1/zones', { query: { limit: 1 }, schema: zoneListParser, as: creds });
  } catch (e) {
    if (isApiError(e) && e.status === 403) return;
    throw e;
  }
}

/** A same-site path to return to after sign-in; anything else (another origin) becomes "/". */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
