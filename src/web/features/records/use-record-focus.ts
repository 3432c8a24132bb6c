// Where focus goes when a records dialog closes: the row the dialog named (the value just saved,
// the neighbour of one deleted), else where the user was, else the search box.
import { useMemo, useRef, type RefObject } from 'react';
import type { RecordTableHandle } from './record-table';

export interface RecordFocus {
  /** A dialog opens: remember where the user was; no row is named yet. */
  remember: () => void;
  /** Name the row to land on: its record id and its RRset's key (to scroll to it). */
  land: (id: string | null, key: string | null) => void;
  /** Called by the dialog once it has closed. */
  focusAfter: () => void;
}

export function useRecordFocus(
  table: RefObject<RecordTableHandle | null>,
  search: RefObject<HTMLInputElement | null>,
): RecordFocus {
  const returnFocus = useRef<Element | null>(null);
  const row = useRef<{ id: string | null; key: string | null }>({ id: null, key: null });

  return useMemo(
    () => ({
      remember: () => {
        returnFocus.current = document.activeElement;
        row.current = { id: null, key: null };
      },
      land: (id, key) => {
        row.current = { id, key };
      },
      /**
       * The row may be far from the drawn ones: the table scrolls to its RRset first, and the row
       * is looked for once that has been drawn.
       */
      focusAfter: () => {
        const { key } = row.current;
        const revealed = key ? (table.current?.reveal(key) ?? false) : false;
        const go = (frames: number) =>
          requestAnimationFrame(() => {
            if (frames > 1) return go(frames - 1);
            const { id } = row.current;
            const tr = id ? document.querySelector(`tr[data-record-id="${CSS.escape(id)}"]`) : null;
            const back = returnFocus.current;
            const target =
              tr?.querySelector<HTMLElement>('.btn-edit') ??
              (back instanceof HTMLElement && back.isConnected ? back : search.current);
            tr?.scrollIntoView({ block: 'nearest' });
            target?.focus();
          });
        go(revealed ? 2 : 1);
      },
    }),
    [table, search],
  );
}
