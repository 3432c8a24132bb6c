// Light, dark or the system's choice; stored per device, applied as <html data-theme>.
// index.html applies the stored choice before the first paint, so there is no flash.
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const STORAGE_KEY = 'zonedeck.theme';
const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = typeof window === 'undefined' ? 'system' : stored();
const dark = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;

export function setTheme(next: ThemeChoice) {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // not remembered; still applied to this page
  }
  if (next === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

const snapshot = () => `${choice}:${dark() ? 'dark' : 'light'}`;

export function useTheme(): { choice: ThemeChoice; resolved: 'light' | 'dark' } {
  const [c, system] = useSyncExternalStore(subscribe, snapshot, snapshot).split(':') as [
    ThemeChoice,
    'light' | 'dark',
  ];
  return { choice: c, resolved: c === 'system' ? system : c };
}
