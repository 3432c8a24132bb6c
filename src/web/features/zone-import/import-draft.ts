// The import's text and mode kept in sessionStorage until applied or cancelled, so that a 401
// (which sends the user to sign in, then back to this dialog) or a reload loses nothing pasted.
import { useEffect } from 'react';
import { draftStorageKey } from '../../api/session';
import type { ImportMode } from '../../api/zone-import';
import { isLargeText } from '../../ui/zone-file-source';

export interface ImportDraft {
  text: string;
  mode: ImportMode;
}

const key = (zoneId: string) => draftStorageKey(`import-${zoneId}`);
const SAVE_DELAY_MS = 400;

export function loadImportDraft(zoneId: string): ImportDraft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key(zoneId)) ?? 'null') as unknown;
    if (saved && typeof saved === 'object') {
      const { text, mode } = saved as Record<string, unknown>;
      if (typeof text === 'string') return { text, mode: mode === 'replace' ? 'replace' : 'merge' };
    }
  } catch {
    // a stale or foreign value: start empty
  }
  return { text: '', mode: 'merge' };
}

export function clearImportDraft(zoneId: string) {
  try {
    sessionStorage.removeItem(key(zoneId));
  } catch {
    // nothing stored
  }
}

/** Saves the draft once typing pauses; a text of megabytes is not kept (it is a file, picked again). */
export function useImportDraft(zoneId: string, draft: ImportDraft) {
  const { text, mode } = draft;
  useEffect(() => {
    const t = setTimeout(() => {
      try {
        if (!text || isLargeText(text)) sessionStorage.removeItem(key(zoneId));
        else sessionStorage.setItem(key(zoneId), JSON.stringify({ text, mode }));
      } catch {
        // storage full or disabled: the dialog still works, only the draft is not kept
      }
    }, SAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [zoneId, text, mode]);
}
