// Keeps what is typed into a form in sessionStorage until it is submitted or discarded, so that a
// 401 (which sends the user to sign in) or a reload loses nothing.
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

export function clearDraft(id: string) {
  try {
    sessionStorage.removeItem(draftStorageKey(id));
  } catch {
    // nothing stored
  }
}

/** Saves the form's values on every change. */
export function useDraft<T extends FieldValues>(id: string, form: UseFormReturn<T>) {
  useEffect(() => {
    const sub = form.watch((values) => {
      try {
        sessionStorage.setItem(draftStorageKey(id), JSON.stringify(values));
      } catch {
        // storage full or disabled: the form still works, only the draft is not kept
      }
    });
    return () => sub.unsubscribe();
  }, [form, id]);
}
