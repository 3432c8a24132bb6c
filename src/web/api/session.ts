// The signed-in state: API key and service URL. Kept in sessionStorage (this tab), or in
// localStorage when the user asks to be remembered on this device.
import { useSyncExternalStore } from 'react';

export interface Session {
  key: string;
  /** Origin of the service, without a trailing slash; '' means this page's own origin. */
  baseUrl: string;
  remember: boolean;
}

const STORAGE_KEY = 'zonedeck.session';
const DRAFT_PREFIX = 'zonedeck.draft.';

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage disabled by the browser: the session lives in memory only
  }
}

function parse(text: string | null | undefined): Session | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Session>;
    if (typeof v.key !== 'string' || v.key === '') return null;
    return {
      key: v.key,
      baseUrl: typeof v.baseUrl === 'string' ? v.baseUrl : '',
      remember: v.remember === true,
    };
  } catch {
    return null;
  }
}

function read(): Session | null {
  return (
    parse(storage('session')?.getItem(STORAGE_KEY)) ?? parse(storage('local')?.getItem(STORAGE_KEY))
  );
}

let current: Session | null = typeof window === 'undefined' ? null : read();
/** Why the user is on the sign-in page: a deliberate sign-out, or a key the service rejected. */
export type SessionNotice = { kind: 'signed-out' } | { kind: 'rejected'; message: string };
let notice: SessionNotice | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function clearStored() {
  storage('session')?.removeItem(STORAGE_KEY);
  storage('local')?.removeItem(STORAGE_KEY);
}

/**
 * "https://dns.example.com/api/" → "https://dns.example.com/api"; '' and this page's origin → ''.
 * Throws on anything that is not an http(s) URL.
 */
export function normalizeBaseUrl(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http(s)');
  const base = url.origin + url.pathname.replace(/\/+$/, '');
  return base === window.location.origin ? '' : base;
}

export const session = {
  get: (): Session | null => current,
  /** Why the user was sent to sign in (a rejected key, a sign-out), shown once on that page. */
  notice: (): SessionNotice | null => notice,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(next: Session) {
    clearStored();
    storage(next.remember ? 'local' : 'session')?.setItem(STORAGE_KEY, JSON.stringify(next));
    current = next;
    notice = null;
    emit();
  },
  /** Deliberate sign-out: the key and any unsaved form drafts of this tab are dropped. */
  signOut() {
    clearStored();
    const s = storage('session');
    if (s) {
      for (const k of Object.keys(s)) if (k.startsWith(DRAFT_PREFIX)) s.removeItem(k);
    }
    current = null;
    notice = { kind: 'signed-out' };
    emit();
  },
  /** The service rejected the key (401). Form drafts stay, so that nothing typed is lost. */
  expire(message: string) {
    if (!current) return;
    clearStored();
    current = null;
    notice = { kind: 'rejected', message };
    emit();
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

export function useSessionNotice(): SessionNotice | null {
  return useSyncExternalStore(session.subscribe, session.notice, session.notice);
}

export const draftStorageKey = (id: string) => DRAFT_PREFIX + id;
