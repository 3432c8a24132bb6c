// The server's sign-in link, `/#key=<key>`: read on start and on every hash change (a link
// pasted into an open tab does not reload the page). The key leaves the address bar at once,
// whatever happens next; a different key than the signed-in one waits for the user's answer.
import { useSyncExternalStore } from 'react';
import { session } from './session';

let pending: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The key of `#key=…`, removed from the address bar (and so from history); null without one. */
export function takeKeyFromHash(): string | null {
  const match = /^#key=([^&]*)/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
  try {
    return decodeURIComponent(match[1] ?? '').trim() || null;
  } catch {
    return null; // a mangled link: nothing to sign in with, and it is out of the address bar
  }
}

/**
 * Signs in with the link's key when nobody is signed in; the same key again changes nothing;
 * another key becomes pending until `resolvePendingLink` (a link can come from anyone, so it
 * must not silently swap whose zones this tab shows).
 */
export function handleSignInLink(): void {
  const key = takeKeyFromHash();
  if (!key) return;
  const current = session.get();
  if (current?.key === key && current.baseUrl === '') return;
  if (!current) {
    session.signIn({ key, baseUrl: '', remember: false });
    return;
  }
  pending = key;
  emit();
}

/** Replace: sign in with the pending key (for this tab only, as links do). Keep: drop it. */
export function resolvePendingLink(replace: boolean): void {
  if (replace && pending) session.signIn({ key: pending, baseUrl: '', remember: false });
  pending = null;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getPending = () => pending;

export function usePendingLinkKey(): string | null {
  return useSyncExternalStore(subscribe, getPending, getPending);
}
