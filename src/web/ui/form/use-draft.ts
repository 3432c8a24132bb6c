// Keeps what is typed into a form in sessionStorage until it is submitted or discarded, so that a
// 401 (which sends the user to sign in) or a reload loses nothing. A draft may keep beside its
// values what it was made from (the version of the record an edit started from, ADR 0028).
import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { draftStorageKey } from '../../api/session';

export function loadDraft<T extends FieldValues>(id: string, defaults: T): T {
  try {
    const text = sessionStorage.getItem(draftStorageKey(id));
    if (!text) return defaults;
    const saved = JSON.parse(text) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...defaults };
    // Only known fields, and only values of the default's type: a stale draft cannot break a form.
    for (const k of Object.keys(defaults)) {
      if (k in saved && typeof saved[k] === typeof defaults[k]) merged[k] = saved[k];
    }
    return merged as T;
  } catch {
    return defaults;
  }
}

/** Where a draft's base is kept: beside its values, under the same prefix (sign-out drops both). */
const baseKey = (id: string) => `${draftStorageKey(id)}:base`;

/** The base a draft was saved with (see useDraft), or null when there is no such draft. */
export function loadDraftBase(id: string): string | null {
  try {
    return sessionStorage.getItem(draftStorageKey(id)) ? sessionStorage.getItem(baseKey(id)) : null;
  } catch {
    return null;
  }
}

export function clearDraft(id: string) {
  try {
    sessionStorage.removeItem(draftStorageKey(id));
    sessionStorage.removeItem(baseKey(id));
  } catch {
    // nothing stored
  }
}

/**
 * Saves the form's values on every change, with `base` when given: what the values were made
 * from, which a restored draft must still be checked against (loadDraftBase).
 */
export function useDraft<T extends FieldValues>(id: string, form: UseFormReturn<T>, base?: string) {
  useEffect(() => {
    const sub = form.watch((values) => {
      try {
        sessionStorage.setItem(draftStorageKey(id), JSON.stringify(values));
        if (base !== undefined) sessionStorage.setItem(baseKey(id), base);
      } catch {
        // storage full or disabled: the form still works, only the draft is not kept
      }
    });
    return () => sub.unsubscribe();
  }, [form, id, base]);
  // A new base for the values already saved (the form was reset to it, say): kept at once.
  useEffect(() => {
    try {
      if (base !== undefined && sessionStorage.getItem(draftStorageKey(id)))
        sessionStorage.setItem(baseKey(id), base);
    } catch {
      // as above
    }
  }, [id, base]);
}
